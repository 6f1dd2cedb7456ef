/**
 * The media library (ARCHITECTURE.md, "Media library"): every uploaded file as a grid, newest
 * first, searched by the name it was uploaded under, filtered by type and to the unused ones;
 * Upload; a file's panel (its focal point, descriptions, where it is used, Delete); and, for those
 * who may manage the library, the trash with Bring back. The view is kept in the address.
 */
import { QueryResult } from '@/components/ui/query-result';
import { TrashToggle } from '@/components/ui/trash-toggle';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NoMatch } from '@/components/data-table/list-toolbar';
import { Pagination } from '@/components/data-table/pagination';
import { Page } from '@/components/layouts/page';
import { MediaGrid } from '@/components/media-library/media-grid';
import { MediaSearch } from '@/components/media-library/media-search';
import { Dialog } from '@/components/ui/dialog';
import { MEDIA_PAGE_SIZE } from '@/config/constants';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { usePageParam } from '@/hooks/use-page-param';
import { fileNameOf, useMediaPage } from '@/lib/media-library';
import { clampPage, totalPages } from '@/lib/pagination';
import { usePermissions } from '@/lib/permissions';
import { useMediaView } from '../hooks/use-media-view';
import { usePhoneLayout } from '../hooks/use-phone-layout';
import { MediaDetail } from './media-detail';
import { UploadButton, UploadStatus, useMediaUpload } from './upload-media';

export function MediaPage() {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const [page, setPage] = usePageParam();
  const view = useMediaView();
  const { search, selected, select } = view;
  const trash = view.filter.deleted && can('media.manage');
  const query = useMediaPage(page, { ...view.filter, deleted: trash });
  const phone = usePhoneLayout();
  const headingId = useId();
  const opener = useRef<HTMLElement | null>(null);
  const title = t('library.title');
  useDocumentTitle(title);
  const upload = useMediaUpload((name) => select(name));
  const data = query.data;
  const pages = totalPages(data?.totalCount ?? 0, MEDIA_PAGE_SIZE);
  const listed = data?.result.find((item) => item.name === selected);

  // After the last file of the last page went (a filter, a delete), step back to a page that exists.
  useEffect(() => {
    if (data && pages > 0 && page > pages) setPage(clampPage(page, pages));
  }, [data, page, pages, setPage]);

  // A file opened from its tile: the panel's heading takes the focus (a sheet's dialog takes its own).
  useEffect(() => {
    if (selected && opener.current && !phone) document.getElementById(headingId)?.focus();
  }, [selected, phone, headingId]);

  const close = () => {
    select(null);
    const back = opener.current;
    opener.current = null;
    if (back && document.contains(back)) window.setTimeout(() => back.focus());
  };

  const filtered = Boolean(search.status || search.q || view.filter.unused);
  const empty = trash ? (
    <p className="no-match__title">{t('library.trash.empty')}</p>
  ) : filtered ? (
    <NoMatch onClear={view.clear} />
  ) : (
    <p className="no-match__title">{t('library.empty')}</p>
  );

  const detail = selected ? (
    <MediaDetail key={selected} name={selected} listed={listed} trash={trash} headingId={headingId} onClose={close} header={!phone} />
  ) : null;

  return (
    <Page title={title} aside={data ? <p className="page__count">{data.totalCount}</p> : null} actions={trash ? null : <UploadButton upload={upload} />}>
      <div className="page__toolbar media-toolbar">
        <MediaSearch filter={search} onChange={view.setSearch} />
        {trash ? null : (
          <label className="field__check media-toolbar__unused">
            <input type="checkbox" className="field__checkbox" checked={view.filter.unused} onChange={(event) => view.setFlag('unused', event.target.checked)} />
            <span className="field__label">{t('library.filter.unused')}</span>
          </label>
        )}
        {can('media.manage') ? <TrashToggle deleted={trash} onChange={(deleted) => view.setFlag('deleted', deleted)} words={{ label: t('library.view.label'), list: t('library.view.library'), trash: t('library.view.deleted') }} /> : null}
      </div>
      {trash ? <p className="media-trash-hint">{t('library.trash.hint')}</p> : null}
      <UploadStatus upload={upload} />

      <div className={`media-layout${detail && !phone ? ' media-layout--panel' : ''}`}>
        <div className={`card media-card${trash ? ' media-card--trash' : ''}`}>
          <QueryResult query={query}>
            <MediaGrid
              items={data?.result ?? []}
              label={trash ? t('library.grid.deleted') : t('library.grid.label')}
              current={selected}
              empty={empty}
              onSelect={(item) => {
                opener.current = document.activeElement as HTMLElement | null;
                select(item.name);
              }}
            />
            <Pagination page={page} totalCount={data?.totalCount ?? 0} size={MEDIA_PAGE_SIZE} onChange={setPage} />
          </QueryResult>
        </div>
        {detail && !phone ? (
          <aside
            className="card media-panel"
            aria-labelledby={headingId}
            onKeyDown={(event) => {
              // Not from a text box: Escape there keeps what was typed.
              const typing = event.target instanceof HTMLTextAreaElement || event.target instanceof HTMLInputElement;
              if (event.key === 'Escape' && !event.defaultPrevented && !typing) close();
            }}
          >
            {detail}
          </aside>
        ) : null}
      </div>
      {detail && phone ? (
        <Dialog open title={listed ? fileNameOf(listed) : t('library.detail.label')} onClose={close} size="sheet">
          {detail}
        </Dialog>
      ) : null}
    </Page>
  );
}
