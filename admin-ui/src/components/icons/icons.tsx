/** Line icons (24 px grid, currentColor). Directional ones carry `icon--directional` and mirror in RTL. */
import type { SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement>;

function Icon({ children, className = '', ...props }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.7"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={`icon ${className}`}
      {...props}
    >
      {children}
    </svg>
  );
}

export const ArrowBackIcon = (p: IconProps) => (
  <Icon className="icon--directional" {...p}>
    <path d="M19 12H5" />
    <path d="m11 18-6-6 6-6" />
  </Icon>
);
export const ChevronStartIcon = (p: IconProps) => (
  <Icon className="icon--directional" {...p}>
    <path d="m15 18-6-6 6-6" />
  </Icon>
);
export const ChevronEndIcon = (p: IconProps) => (
  <Icon className="icon--directional" {...p}>
    <path d="m9 18 6-6-6-6" />
  </Icon>
);
export const MoreIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="5" r="1.2" fill="currentColor" />
    <circle cx="12" cy="12" r="1.2" fill="currentColor" />
    <circle cx="12" cy="19" r="1.2" fill="currentColor" />
  </Icon>
);
export const EyeIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
    <circle cx="12" cy="12" r="3" />
  </Icon>
);
export const EyeOffIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M9.9 5.2A9.8 9.8 0 0 1 12 5c6.5 0 10 7 10 7a17 17 0 0 1-3.2 4.1M6.6 6.6C3.8 8.4 2 12 2 12s3.5 7 10 7a9.7 9.7 0 0 0 5.4-1.6" />
    <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2" />
    <path d="m3 3 18 18" />
  </Icon>
);
/** A shield struck through: a second factor turned off. */
export const ShieldOffIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M7.4 4.2 12 2.5l7 2.6v6.4c0 1.6-.4 3-1.1 4.3M5 5.5v6c0 5 3.3 8.4 7 10 1.9-.8 3.7-2 5-3.7" />
    <path d="m3 3 18 18" />
  </Icon>
);
/** A badge: an administrator's role. */
export const BadgeIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="4" y="3" width="16" height="18" rx="2" />
    <circle cx="12" cy="10" r="2.5" />
    <path d="M8 17c.6-1.8 2.1-2.8 4-2.8s3.4 1 4 2.8" />
  </Icon>
);
export const PencilIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 20h4L19 9l-4-4L4 16v4Z" />
    <path d="m13.5 6.5 4 4" />
  </Icon>
);
export const TrashIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 7h16" />
    <path d="M10 11v6M14 11v6" />
    <path d="M6 7l1 13h10l1-13" />
    <path d="M9 7V4h6v3" />
  </Icon>
);
export const PlusIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 5v14M5 12h14" />
  </Icon>
);
export const DownloadIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 4v11" />
    <path d="m7 10 5 5 5-5" />
    <path d="M5 20h14" />
  </Icon>
);
export const ClockIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </Icon>
);
export const SearchIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="11" cy="11" r="6.5" />
    <path d="m16 16 4 4" />
  </Icon>
);
export const LogoutIcon = (p: IconProps) => (
  <Icon className="icon--directional" {...p}>
    <path d="M10 4H5v16h5" />
    <path d="M14 8l4 4-4 4" />
    <path d="M18 12H9" />
  </Icon>
);
export const GlobeIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9S14.5 18.4 12 21c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3Z" />
  </Icon>
);
export const MenuIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 7h16M4 12h16M4 17h16" />
  </Icon>
);
export const CloseIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M6 6l12 12M18 6 6 18" />
  </Icon>
);
export const UploadIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 16V4" />
    <path d="m7 9 5-5 5 5" />
    <path d="M5 20h14" />
  </Icon>
);
export const ExternalIcon = (p: IconProps) => (
  <Icon className="icon--directional" {...p}>
    <path d="M14 4h6v6" />
    <path d="M20 4 11 13" />
    <path d="M18 14v6H4V6h6" />
  </Icon>
);

export const LinkIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1" />
    <path d="M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
  </Icon>
);
export const UnlinkIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1" />
    <path d="M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
    <path d="m4 4 16 16" />
  </Icon>
);
export const UndoIcon = (p: IconProps) => (
  <Icon className="icon--directional" {...p}>
    <path d="M9 14 4 9l5-5" />
    <path d="M4 9h10a6 6 0 0 1 0 12h-3" />
  </Icon>
);
export const RedoIcon = (p: IconProps) => (
  <Icon className="icon--directional" {...p}>
    <path d="m15 14 5-5-5-5" />
    <path d="M20 9H10a6 6 0 0 0 0 12h3" />
  </Icon>
);
export const PhoneIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M5 4h3.5l1.8 4.5-2.3 1.4a11 11 0 0 0 6.1 6.1l1.4-2.3L20 15.5V19a1 1 0 0 1-1 1A16 16 0 0 1 4 5a1 1 0 0 1 1-1Z" />
  </Icon>
);
/** A speech bubble around a handset: the WhatsApp link (no brand artwork). */
export const WhatsAppIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4.5 19.5 5.6 16A8 8 0 1 1 8.4 18.6Z" />
    <path d="M9.3 8.6c.2 2.9 2.5 5.4 5.7 5.9l.8-1.3-1.6-.9-.8.7a4 4 0 0 1-2.6-2.6l.7-.8-.9-1.6Z" />
  </Icon>
);
/** A picture: a file of the media library whose thumbnail cannot be shown. */
export const ImageIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <circle cx="9" cy="9.5" r="1.8" />
    <path d="m3 17 5-5 4 4 3-3 6 6" />
  </Icon>
);
/** A film frame with a play mark: a video of the media library. */
export const VideoIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m10 9 5 3-5 3V9Z" />
  </Icon>
);

/** Nav icons: one per dashboard. */
export const NavIcons = {
  services: (p: IconProps) => (
    <Icon {...p}>
      <path d="M12 3 4 7v5c0 4.5 3.4 8.3 8 9 4.6-.7 8-4.5 8-9V7l-8-4Z" />
    </Icon>
  ),
  banners: (p: IconProps) => (
    <Icon {...p}>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3 16 5-5 4 4 3-3 6 6" />
    </Icon>
  ),
  reviews: (p: IconProps) => (
    <Icon {...p}>
      <path d="M4 5h16v11H9l-5 4V5Z" />
      <path d="M8 9h8M8 12h5" />
    </Icon>
  ),
  contacts: (p: IconProps) => (
    <Icon {...p}>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3 7 9 6 9-6" />
    </Icon>
  ),
  airport: (p: IconProps) => (
    <Icon {...p}>
      <path d="M10.5 20.5 12 17v-4.5l8 3V13l-8-5V4.5a1.5 1.5 0 0 0-3 0V8l-8 5v2.5l8-3V17l1.5 3.5Z" transform="translate(1.5 0)" />
    </Icon>
  ),
  blogs: (p: IconProps) => (
    <Icon {...p}>
      <path d="M6 3h9l4 4v14H6V3Z" />
      <path d="M14 3v5h5M9 12h7M9 16h7" />
    </Icon>
  ),
  serviceLists: (p: IconProps) => (
    <Icon {...p}>
      <path d="M9 6h11M9 12h11M9 18h11" />
      <circle cx="4.5" cy="6" r="1" />
      <circle cx="4.5" cy="12" r="1" />
      <circle cx="4.5" cy="18" r="1" />
    </Icon>
  ),
  media: (p: IconProps) => (
    <Icon {...p}>
      <rect x="6" y="3" width="15" height="13" rx="2" />
      <path d="M3 7v12a2 2 0 0 0 2 2h12" />
      <path d="m6 13 4-4 3 3 2-2 6 6" />
    </Icon>
  ),
  generalContent: (p: IconProps) => (
    <Icon {...p}>
      <path d="M4 6h16M4 12h10M4 18h13" />
    </Icon>
  ),
  subscriptions: (p: IconProps) => (
    <Icon {...p}>
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 8 3 8H3s3-1 3-8" />
      <path d="M10 20a2 2 0 0 0 4 0" />
    </Icon>
  ),
  account: (p: IconProps) => (
    <Icon {...p}>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c0-4 3.6-7 8-7s8 3 8 7" />
    </Icon>
  ),
  team: (p: IconProps) => (
    <Icon {...p}>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20c0-3.6 2.9-6 6.5-6s6.5 2.4 6.5 6" />
      <path d="M16 4.5a3.5 3.5 0 0 1 0 7M18 14c2.2.6 3.5 2.8 3.5 6" />
    </Icon>
  ),
  audit: (p: IconProps) => (
    <Icon {...p}>
      <path d="M6 3h9l4 4v14H6z" />
      <path d="M9 11h7M9 15h7M9 7h4" />
    </Icon>
  ),
  lifecycle: (p: IconProps) => (
    <Icon {...p}>
      <rect x="3.5" y="5" width="17" height="15" rx="2" />
      <path d="M3.5 10h17M8 3v4M16 3v4M12 13v3l2 1.5" />
    </Icon>
  ),
  /** A page with a tick: a change read and passed on. */
  review: (p: IconProps) => (
    <Icon {...p}>
      <path d="M6 3h8l4 4v6M6 3v18h7" />
      <path d="M9 9h5M9 13h4M14.5 18l2 2 4-4.5" />
    </Icon>
  ),
  /** A sun over the horizon: the day's work. */
  today: (p: IconProps) => (
    <Icon {...p}>
      <path d="M3 18h18M7.5 18a4.5 4.5 0 0 1 9 0" />
      <path d="M12 6v3M5.6 9.6l2 2M18.4 9.6l-2 2M3 14h2M19 14h2" />
    </Icon>
  ),
  /** A Latin letter beside a bar of script: text and its translation. */
  translations: (p: IconProps) => (
    <Icon {...p}>
      <path d="M3 5h8M7 3v2M4.5 5c.6 3 2.5 5.3 5.5 6.5M9.5 5C8.8 8 6.8 10.5 3.5 12" />
      <path d="m12 21 4-9 4 9M13.4 18h5.2" />
    </Icon>
  ),
};
