/**
 * One file of the library, beside the grid on a desktop (a full-screen sheet on a phone): its
 * focal point and descriptions (Save), where it is used (each item linked to its form), what the
 * server made of it, and Delete; a file in the trash offers Bring back instead.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '@/components/icons/icons';
import { MediaStatus } from '@/components/upload/media-status';
import { DetailsList } from '@/components/ui/details-list';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/dates';
import { parseMediaInfo } from '@/lib/media-info';
import { fileNameOf, lacksAlt, mediaTypeOf, type MediaItem } from '@/lib/media-library';
import { failureText } from '@/lib/messages';
import { usePermissions } from '@/lib/permissions';
import { useMediaDetail } from '../api/get-media-detail';
import type { MediaDetail as Detail } from '../types';
import { BringBack } from './bring-back';
import { DeleteMedia } from './delete-media';
import { MediaEditForm } from './media-edit-form';
import { UsageList } from './usage-list';

function Facts({ item }: { item: Detail }) {
  const { t } = useTranslation();
  const id = useId();
  const info = parseMediaInfo(item, item.url);
  return (
    <section className="media-panel__section" aria-labelledby={id}>
      <h3 id={id} className="media-panel__subtitle">
        {t('library.detail.facts')}
      </h3>
      {info ? (
        <div className="media-panel__status" role="status">
          <MediaStatus info={info} />
        </div>
      ) : null}
      <DetailsList
        items={[
          { label: t('library.detail.uploaded'), value: <bdi dir="ltr">{formatDateTime(item.created_at)}</bdi> },
          { label: t('library.detail.uploadedBy'), value: item.uploaded_by ? <bdi>{item.uploaded_by}</bdi> : '' },
          { label: t('library.detail.type'), value: <bdi dir="ltr">{item.mime}</bdi> },
          { label: t('library.detail.address'), value: <bdi dir="ltr" className="media-panel__address">{item.url}</bdi> },
        ]}
      />
    </section>
  );
}

function Usage({ item }: { item: Detail }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section className="media-panel__section" aria-labelledby={id}>
      <h3 id={id} className="media-panel__subtitle">
        {t('library.usage.title')}
      </h3>
      {item.usage.length > 0 ? (
        <UsageList usage={item.usage} label={t('library.usage.title')} />
      ) : (
        <p className="media-panel__none">{t('library.usage.none')}</p>
      )}
    </section>
  );
}

function Trashed({ item, onClose }: { item: MediaItem; onClose: () => void }) {
  const { t } = useTranslation();
  const { can } = usePermissions();
  return (
    <div className="media-panel__trashed">
      <p>{t('library.trash.deletedAt', { at: formatDateTime(item.deleted_at) })}</p>
      <p className="media-panel__none">{t('library.trash.hint')}</p>
      {can('media.manage') ? <BringBack item={item} onRestored={onClose} /> : null}
    </div>
  );
}

type MediaDetailProps = {
  name: string;
  /** Its tile's fields, shown while the rest is read. */
  listed?: MediaItem;
  /** The trash is open: the file is no longer served. */
  trash: boolean;
  headingId: string;
  onClose: () => void;
  /** The heading and Close (a sheet has its own). */
  header: boolean;
};

export function MediaDetail({ name, listed, trash, headingId, onClose, header }: MediaDetailProps) {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const query = useMediaDetail(name, listed, !trash || !listed);
  const item = query.data;
  const deleted = trash || Boolean(item?.deleted_at);
  const type = item ? mediaTypeOf(item) : 'image';

  return (
    <div className="media-panel__body">
      {header ? (
        <header className="media-panel__header">
          <h2 id={headingId} className="media-panel__title" tabIndex={-1}>
            <bdi>{item ? fileNameOf(item) : name}</bdi>
          </h2>
          <button type="button" className="icon-btn" aria-label={t('library.detail.close')} onClick={onClose}>
            <CloseIcon />
          </button>
        </header>
      ) : null}
      {!item ? (
        query.isError ? (
          <p className="notice notice--error" role="alert">
            {failureText(query.error, t('common.recordNotFound'))}
          </p>
        ) : (
          <Spinner label={t('common.loading')} />
        )
      ) : deleted ? (
        <Trashed item={item} onClose={onClose} />
      ) : (
        <>
          {type === 'video' ? <video className="media-panel__video" src={item.url} controls muted playsInline preload="metadata" /> : null}
          {lacksAlt(item) && type !== 'video' ? <p className="media-panel__missing">{t('library.alt.missing')}</p> : null}
          {query.isPlaceholderData ? <Spinner label={t('common.loading')} /> : <MediaEditForm key={item.name} item={item} canManage={can('media.manage')} />}
          {query.isPlaceholderData ? null : <Usage item={item} />}
          <Facts item={item} />
          {can('media.manage') && !query.isPlaceholderData ? (
            <div className="media-panel__danger">
              <DeleteMedia item={item} onDeleted={onClose} />
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
