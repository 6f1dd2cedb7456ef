import { useTranslation } from 'react-i18next';
import { isMediaType, MEDIA_TYPES, type MediaType } from '@/lib/media-library';
import { StatusSearch } from '../data-table/list-toolbar';
import type { SetStatusFilter, StatusFilter } from '../data-table/use-list-filter';

type MediaSearchProps = {
  /** The type is the list's "status". */
  filter: StatusFilter<MediaType>;
  onChange: SetStatusFilter<MediaType>;
  /** The types offered; "All" stands for all of them. */
  types?: readonly MediaType[];
};

/**
 * The media library's type select (All, Images, Artwork (SVG), Video) and file-name search: every
 * list's status-and-search form, with the library's words.
 */
export function MediaSearch({ filter, onChange, types = MEDIA_TYPES }: MediaSearchProps) {
  const { t } = useTranslation();
  return (
    <StatusSearch
      className="list-toolbar media-search"
      filter={filter}
      onChange={onChange}
      statuses={types}
      isStatus={isMediaType}
      offerAll={types.length > 1}
      statusLabel={(type) => t(`library.types.${type}`)}
      words={{
        form: t('library.filter.label'),
        status: t('library.filter.type'),
        all: t('library.filter.all'),
        search: t('library.filter.search'),
        placeholder: t('library.filter.placeholder'),
      }}
    />
  );
}
