import { useTranslation } from 'react-i18next';
import { formatPercent } from '@/lib/responsive-image';

/**
 * How much of the chosen file is sent: a progress bar with its percentage; at 100 % the server
 * is still checking the file (and stripping its metadata) before it answers.
 */
export function UploadProgress({ sent, name }: { sent: number; name: string }) {
  const { t, i18n } = useTranslation();
  const percent = Math.round(sent * 100);
  const text = formatPercent(percent / 100, i18n.language);
  const checking = percent >= 100;
  return (
    <div className={`upload-progress${checking ? ' upload-progress--checking' : ''}`} data-testid="upload-progress">
      <div className="upload-progress__label">
        <span role="status">{checking ? t('upload.checking') : t('upload.sending', { name })}</span>
        <bdi className="upload-progress__percent">{text}</bdi>
      </div>
      <div
        className="upload-progress__track"
        role="progressbar"
        aria-label={t('upload.progressLabel', { name })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
      >
        <div className="upload-progress__bar" style={{ inlineSize: `${percent}%` }} />
      </div>
    </div>
  );
}
