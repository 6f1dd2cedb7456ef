/**
 * "Choose from library" beside an image field's upload: a dialog (focus kept inside, Escape
 * closes it, focus goes back to the button) with the library's grid, file-name search and type
 * filter, offering only the types the field takes. Choosing a file hands it to the field and closes.
 */
import { QueryResult } from '../ui/query-result';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MEDIA_PAGE_SIZE } from '@/config/constants';
import { MEDIA_TYPES, useMediaPage, type MediaItem, type MediaType } from '@/lib/media-library';
import { Pagination } from '../data-table/pagination';
import type { StatusFilter } from '../data-table/use-list-filter';
import { ImageIcon } from '../icons/icons';
import { MediaGrid } from '../media-library/media-grid';
import { MediaSearch } from '../media-library/media-search';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';

type BrowserProps = { types: readonly MediaType[]; current: string | null; onChoose: (item: MediaItem) => void };

function LibraryBrowser({ types, current, onChoose }: BrowserProps) {
  const { t } = useTranslation();
  // "All" is every type the field takes (`type=image,svg` for a picture field).
  const [search, setSearch] = useState<StatusFilter<MediaType>>({ status: types.length > 1 ? undefined : types[0], q: '' });
  const [page, setPage] = useState(1);
  const every = types.length === MEDIA_TYPES.length;
  const query = useMediaPage(page, { type: search.status ?? (every ? undefined : types), q: search.q, unused: false, deleted: false });
  const data = query.data;
  return (
    <div className="library-picker">
      <MediaSearch
        filter={search}
        types={types}
        onChange={(change) => {
          setSearch((current) => ({ ...current, ...change, q: 'q' in change ? (change.q ?? '').trim() : current.q }));
          setPage(1);
        }}
      />
      <QueryResult query={query}>
        <MediaGrid
          items={data?.result ?? []}
          label={t('library.picker.label')}
          current={current}
          onSelect={onChoose}
          empty={<p className="no-match__title">{t('library.picker.empty')}</p>}
        />
        <Pagination page={page} totalCount={data?.totalCount ?? 0} size={MEDIA_PAGE_SIZE} onChange={setPage} />
      </QueryResult>
    </div>
  );
}

type LibraryPickerProps = {
  /** The types the field takes. */
  types: readonly MediaType[];
  /** The stored name of the field's file now, marked in the grid. */
  current?: string | null;
  onChoose: (item: MediaItem) => void;
  disabled?: boolean;
};

export function LibraryPicker({ types, current = null, onChoose, disabled }: LibraryPickerProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" className="btn--small" icon={<ImageIcon width={18} height={18} />} disabled={disabled} onClick={() => setOpen(true)}>
        {t('library.picker.open')}
      </Button>
      <Dialog open={open} title={t('library.picker.title')} onClose={() => setOpen(false)} size="full">
        <LibraryBrowser
          types={types}
          current={current}
          onChoose={(item) => {
            setOpen(false);
            onChoose(item);
          }}
        />
      </Dialog>
    </>
  );
}
