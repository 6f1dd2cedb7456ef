import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ARABIC_TAB_STATE } from '@/components/form/language-tabs';
import { editPath } from '@/components/lifecycle/api';
import { useKindFieldLabels } from '@/components/lifecycle/field-labels';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/dates';
import { inLanguage, kindLabel, type DeclaredKind } from '@/lib/kinds';
import type { Confirmation } from '../api/confirm-translation';
import type { FieldToTranslate, ToTranslate } from '../types';

type KindGroupProps = {
  /** Items of one kind, in the server's order. */
  items: ToTranslate[];
  /** The kind as `GET /kinds` declares it (what its list is called), once read. */
  declared: DeclaredKind | undefined;
  /** The confirmation on its way, if any. */
  confirming: Confirmation | undefined;
  onStillRight: (item: ToTranslate, field: FieldToTranslate) => void;
};

/** One kind's items: its name as the menu gives it, then each item with the fields that need a translator. */
export function KindGroup({ items, declared, confirming, onStillRight }: KindGroupProps) {
  const { i18n } = useTranslation();
  const id = useId();
  const first = items[0];
  const name = declared ? kindLabel(declared, i18n.language) : inLanguage(first.one, i18n.language);
  return (
    <section className="card translations__kind" aria-labelledby={id}>
      <h2 className="translations__kind-title" id={id}>
        {name}
        <span className="page__count">{items.length}</span>
      </h2>
      <ul className="translations__items">
        {items.map((item) => (
          <Item key={item.id} item={item} confirming={confirming} onStillRight={onStillRight} />
        ))}
      </ul>
    </section>
  );
}

type ItemProps = Pick<KindGroupProps, 'confirming' | 'onStillRight'> & { item: ToTranslate };

/** An item: its title, which opens its form on the Arabic tab, and its fields. */
function Item({ item, confirming, onStillRight }: ItemProps) {
  const { t, i18n } = useTranslation();
  const title = item.title?.trim() || `${inLanguage(item.one, i18n.language)} #${item.id}`;
  return (
    <li className="translations__item">
      <h3 className="work-title">
        <Link to={editPath(item.kind, item.id)} state={ARABIC_TAB_STATE}>
          <bdi>{title}</bdi>
        </Link>
      </h3>
      <ul className="translations__fields" aria-label={t('translations.fieldsOf', { title })}>
        {item.fields.map((field) => (
          <Field
            key={field.twin}
            item={item}
            field={field}
            busy={confirming?.kind === item.kind && confirming.id === item.id && confirming.fields.includes(field.twin)}
            onStillRight={onStillRight}
          />
        ))}
      </ul>
    </li>
  );
}

type FieldProps = Pick<KindGroupProps, 'onStillRight'> & { item: ToTranslate; field: FieldToTranslate; busy: boolean };

/**
 * A field by the label its form gives it (else as the server labels it), its state in words and
 * colour, and for an outdated one when the English changed and "The Arabic is still right".
 */
function Field({ item, field, busy, onStillRight }: FieldProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const formLabel = useKindFieldLabels()(item.kind, field.field);
  const label = formLabel === field.field ? inLanguage(field.label, i18n.language) : formLabel;
  const outdated = field.state === 'outdated';
  return (
    <li className="translations__field">
      <span className="translations__label" id={id}>
        {label}
      </span>
      <span className={`status-badge status-badge--${field.state}`}>{t(`translations.states.${field.state}`)}</span>
      {outdated && field.englishChangedAt ? (
        <span className="translations__when">
          {t('translations.englishChanged')}{' '}
          <bdi dir="ltr" className="nowrap">
            <time dateTime={field.englishChangedAt}>{formatDateTime(field.englishChangedAt)}</time>
          </bdi>
        </span>
      ) : null}
      {outdated ? (
        <Button variant="secondary" className="btn--small translations__confirm" busy={busy} aria-describedby={id} onClick={() => onStillRight(item, field)}>
          {t('translations.stillRight')}
        </Button>
      ) : null}
    </li>
  );
}
