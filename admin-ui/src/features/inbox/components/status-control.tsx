import { useTranslation } from 'react-i18next';
import { ENQUIRY_STATUSES, isEnquiryStatus, type EnquiryStatus } from '../types';

type StatusControlProps = {
  value: EnquiryStatus;
  onChange: (status: EnquiryStatus) => void;
  busy?: boolean;
  id?: string;
  /** Its name, when no visible label names it (a list row: "Status of Layla Haddad"). */
  label?: string;
};

/** The status as a select, coloured like its badge, that changes it at once. */
export function StatusControl({ value, onChange, busy = false, id, label }: StatusControlProps) {
  const { t } = useTranslation();
  return (
    <select
      id={id}
      className={`input input--select status-select status-select--${value}`}
      value={value}
      aria-label={label}
      aria-busy={busy || undefined}
      disabled={busy}
      onChange={(event) => {
        if (isEnquiryStatus(event.target.value) && event.target.value !== value) onChange(event.target.value);
      }}
    >
      {ENQUIRY_STATUSES.map((status) => (
        <option key={status} value={status}>
          {t(`inbox.status.${status}`)}
        </option>
      ))}
    </select>
  );
}
