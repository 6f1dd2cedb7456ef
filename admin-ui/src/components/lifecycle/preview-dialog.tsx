/**
 * The page that shows an item as visitors will see it once published: rendered by the server with
 * the site's own templates and islands, in English or Arabic, at a phone's or a desktop's width.
 * With the form's unsaved values when it has any (sent, not saved), else the saved version with its
 * pending changes; the dialog says which. Values the server refuses are named with their errors.
 * Scripts do not run in the frame (it only shows the page).
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../ui/dialog';
import { Spinner } from '../ui/spinner';
import { ApiError } from '@/lib/api-client';
import { failureText } from '@/lib/messages';
import { previewHtml, type KindName } from './api';
import { useFieldLabels } from './field-labels';

const WIDTHS = { phone: 390, desktop: 1280 } as const;
/** The frame's height at a scale of 1 (the stage shows as much as fits the screen). */
const HEIGHT = { phone: 844, desktop: 900 } as const;

/** The stage's inner width, followed as the window changes. */
function useWidth(ref: React.RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const node = ref.current;
    if (!node) return;
    const measure = () => setWidth(node.clientWidth - 24);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/** Why the page could not be made: the fields the server refused, by label, or its message. */
function Refusal({ kind, error }: { kind: KindName; error: unknown }) {
  const { t } = useTranslation();
  const label = useFieldLabels(kind);
  const fields = error instanceof ApiError && error.status === 400 ? Object.entries(error.errors) : [];
  return (
    <div className="notice notice--error" role="alert">
      <p>{fields.length > 0 ? t('lifecycle.previewRefused') : failureText(error, t('lifecycle.previewFailed'))}</p>
      {fields.length > 0 ? (
        <ul className="preview-frame__errors">
          {fields.map(([field, message]) => (
            <li key={field}>
              <strong>{label(field)}</strong>: {message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

type PreviewDialogProps = {
  kind: KindName;
  id: number;
  /** The form's unsaved values as a save would send them; the saved version is shown without. */
  draft?: () => unknown;
  onClose: () => void;
};

export function PreviewDialog({ kind, id, draft, onClose }: PreviewDialogProps) {
  const { t } = useTranslation();
  const unsaved = draft !== undefined;
  const [lang, setLang] = useState<'en' | 'ar'>('en');
  const [width, setWidth] = useState<keyof typeof WIDTHS>(() => (window.innerWidth < 720 ? 'phone' : 'desktop'));
  const stage = useRef<HTMLDivElement>(null);
  const room = useWidth(stage);
  const scale = room > 0 ? Math.min(1, room / WIDTHS[width]) : 1;
  const page = useQuery({
    queryKey: ['preview', kind, id, lang, unsaved ? 'unsaved' : 'saved'],
    queryFn: ({ signal }) => previewHtml(kind, id, lang, signal, draft?.()),
    staleTime: 0,
    gcTime: 0,
  });
  return (
    <Dialog open title={t('lifecycle.previewTitle')} onClose={onClose} size="full">
      <p className={`preview-frame__source preview-frame__source--${unsaved ? 'unsaved' : 'saved'}`} role="status">
        {unsaved ? t('lifecycle.previewUnsaved') : t('lifecycle.previewSaved')}
      </p>
      <div className="preview-frame__bar">
        <div className="segmented" role="group" aria-label={t('common.languageTabs')}>
          <button type="button" aria-pressed={lang === 'en'} onClick={() => setLang('en')}>
            {t('common.english')}
          </button>
          <button type="button" lang="ar" aria-pressed={lang === 'ar'} onClick={() => setLang('ar')}>
            {t('common.arabic')}
          </button>
        </div>
        <div className="segmented" role="group" aria-label={t('lifecycle.width')}>
          {(Object.keys(WIDTHS) as (keyof typeof WIDTHS)[]).map((w) => (
            <button key={w} type="button" aria-pressed={width === w} onClick={() => setWidth(w)}>
              {t(`lifecycle.widths.${w}`)}
            </button>
          ))}
        </div>
        <span className="preview-frame__note">{t('lifecycle.previewNote')}</span>
      </div>
      <div className="preview-frame__stage" ref={stage}>
        {page.isPending ? <Spinner label={t('common.loading')} /> : null}
        {page.isError ? <Refusal kind={kind} error={page.error} /> : null}
        {page.data ? (
          <div className="preview-frame__viewport" style={{ width: WIDTHS[width] * scale, height: HEIGHT[width] * scale }}>
            <iframe
              className="preview-frame"
              title={t('lifecycle.previewFrame', { lang: lang === 'en' ? t('common.english') : t('common.arabic') })}
              sandbox="allow-same-origin"
              srcDoc={page.data}
              style={{ width: WIDTHS[width], height: HEIGHT[width], transform: `scale(${scale})` }}
            />
          </div>
        ) : null}
      </div>
    </Dialog>
  );
}
