/**
 * Files of the media library as a grid of tiles: the Media page's and every image field's "Choose
 * from library". A tile is one button: its thumbnail in its real proportions (lazily loaded), the
 * name it was uploaded under, its size and dimensions, and "No description" when blind visitors
 * would hear nothing for it. Artwork shows on a chequered ground; a video is an icon and its name.
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fileNameOf, lacksAlt, mediaTypeOf, type MediaItem } from '@/lib/media-library';
import { ImageIcon, VideoIcon } from '../icons/icons';
import { Dimensions, FileSize } from '../upload/media-status';

function TileImage({ item }: { item: MediaItem }) {
  const [broken, setBroken] = useState(false);
  const type = mediaTypeOf(item);
  // A file in the trash is no longer served: its tile falls back to the icon.
  if (type === 'video' || broken) {
    const Icon = type === 'video' ? VideoIcon : ImageIcon;
    return (
      <span className={`media-tile__icon media-tile__icon--${type}`}>
        <Icon width={36} height={36} />
      </span>
    );
  }
  return (
    <img
      className="media-tile__img"
      src={item.thumbnail || item.url}
      alt=""
      width={item.width ?? undefined}
      height={item.height ?? undefined}
      loading="lazy"
      decoding="async"
      onError={() => setBroken(true)}
    />
  );
}

function Tile({ item, current, onSelect }: { item: MediaItem; current: boolean; onSelect: (item: MediaItem) => void }) {
  const { t } = useTranslation();
  const type = mediaTypeOf(item);
  const name = fileNameOf(item);
  return (
    <li className="media-tile">
      <button
        type="button"
        className={`media-tile__button${current ? ' media-tile__button--current' : ''}`}
        aria-current={current ? 'true' : undefined}
        data-name={item.name}
        onClick={() => onSelect(item)}
      >
        <span className={`media-tile__frame media-tile__frame--${type}`}>
          <TileImage item={item} />
          {type !== 'image' ? <span className="media-tile__type">{t(`library.kinds.${type}`)}</span> : null}
        </span>
        {/* Its own direction: a Latin name in the Arabic admin is cut at its end, not its start. */}
        <span className="media-tile__name" title={name} dir="auto">
          {name}
        </span>
        <span className="media-tile__facts">
          <span>
            <FileSize bytes={item.bytes} />
          </span>
          {item.width && item.height ? (
            <span>
              <Dimensions width={item.width} height={item.height} />
            </span>
          ) : null}
        </span>
        <span className="media-tile__badges">
          {lacksAlt(item) && type !== 'video' ? <span className="status-badge status-badge--pending">{t('library.noAlt')}</span> : null}
          {item.usage_count === 0 && !item.deleted_at ? <span className="status-badge status-badge--draft">{t('library.unusedTag')}</span> : null}
          {item.status === 'pending' ? <span className="status-badge status-badge--new">{t('library.preparing')}</span> : null}
        </span>
      </button>
    </li>
  );
}

type MediaGridProps = {
  items: MediaItem[];
  /** Names the list ("Files", "Deleted files", "Files you can use here"). */
  label: string;
  onSelect: (item: MediaItem) => void;
  /** The file whose details are open. */
  current?: string | null;
  /** What an empty grid says. */
  empty: ReactNode;
};

export function MediaGrid({ items, label, onSelect, current = null, empty }: MediaGridProps) {
  if (items.length === 0) return <div className="media-grid__empty">{empty}</div>;
  return (
    <ul className="media-grid" aria-label={label}>
      {items.map((item) => (
        <Tile key={item.name} item={item} current={item.name === current} onSelect={onSelect} />
      ))}
    </ul>
  );
}
