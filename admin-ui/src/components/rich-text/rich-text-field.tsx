/**
 * A rich-text field (TipTap): headings, emphasis, lists, quotes and links. Its HTML goes to the
 * API, which sanitises it on save. An empty editor is an empty string.
 */
import { useEffect, useId, useState, type ReactNode } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Link from '@tiptap/extension-link';
import { useController, useFormContext, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EnglishBeside } from '../form/english-beside';
import { describedBy, FieldShell, useFieldError, useFieldLabel } from '../form/field';
import { useLocked } from '../form/locked-fields';
import { LinkIcon, RedoIcon, UndoIcon, UnlinkIcon } from '../icons/icons';

export function editorHtml(editor: Editor): string {
  return editor.isEmpty ? '' : editor.getHTML();
}

type RichTextFieldProps<V extends FieldValues> = {
  name: Path<V>;
  label: string;
  dir?: 'rtl' | 'ltr';
  lang?: string;
  /** Marks the label as required (the rules still decide). */
  required?: boolean;
  optionalLabel?: string;
};

export function RichTextField<V extends FieldValues>({ name, label, dir = 'ltr', lang, required, optionalLabel }: RichTextFieldProps<V>) {
  const id = useId();
  useFieldLabel(name, label);
  const { control } = useFormContext<V>();
  const { field } = useController({ control, name });
  const error = useFieldError(name);
  const locked = useLocked();

  const editor = useEditor({
    editable: !locked,
    extensions: [
      StarterKit.configure({ link: false, heading: { levels: [2, 3] } }),
      Link.configure({
        openOnClick: false,
        autolink: true,
        protocols: ['http', 'https', 'mailto'],
        HTMLAttributes: { rel: 'noopener noreferrer' },
      }),
    ],
    content: (field.value as string) || '',
    editorProps: {
      attributes: {
        id,
        class: 'rich-text__content',
        role: 'textbox',
        'aria-multiline': 'true',
        ...(locked ? { 'aria-readonly': 'true' } : {}),
        'aria-label': label,
        dir,
        ...(lang ? { lang } : {}),
      },
    },
    onUpdate: ({ editor: current }) => field.onChange(editorHtml(current)),
    onBlur: () => field.onBlur(),
  });

  useEffect(() => {
    if (!editor) return;
    const element = editor.view.dom as HTMLElement;
    const described = describedBy(id, error);
    if (described) element.setAttribute('aria-describedby', described);
    else element.removeAttribute('aria-describedby');
    if (error) element.setAttribute('aria-invalid', 'true');
    else element.removeAttribute('aria-invalid');
  }, [editor, error, id]);

  return (
    <EnglishBeside name={name} rich>
      <FieldShell id={id} label={label} error={error} required={required} optionalLabel={optionalLabel}>
        <div className={`rich-text${error ? ' rich-text--invalid' : ''}`} dir={dir}>
          {editor && !locked ? <Toolbar editor={editor} /> : null}
          <EditorContent editor={editor} />
        </div>
      </FieldShell>
    </EnglishBeside>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const [linkOpen, setLinkOpen] = useState(false);
  const [href, setHref] = useState('');
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      strike: e.isActive('strike'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });

  const chain = () => editor.chain().focus();
  const applyLink = () => {
    const url = href.trim();
    if (url) chain().extendMarkRange('link').setLink({ href: url }).run();
    else chain().extendMarkRange('link').unsetLink().run();
    setLinkOpen(false);
  };

  const button = (key: string, label: string, active: boolean, run: () => void, text: ReactNode, disabled = false) => (
    <button
      key={key}
      type="button"
      className="rich-text__tool"
      aria-pressed={active}
      aria-label={label}
      title={label}
      disabled={disabled}
      onMouseDown={(event) => event.preventDefault()}
      onClick={run}
    >
      {typeof text === 'string' ? <span dir="ltr">{text}</span> : text}
    </button>
  );

  return (
    <div className="rich-text__toolbar" role="toolbar" aria-label={t('richText.toolbar')}>
      {button('b', t('richText.bold'), state.bold, () => chain().toggleBold().run(), 'B')}
      {button('i', t('richText.italic'), state.italic, () => chain().toggleItalic().run(), 'I')}
      {button('s', t('richText.strike'), state.strike, () => chain().toggleStrike().run(), 'S')}
      <span className="rich-text__sep" aria-hidden="true" />
      {button('h2', `${t('richText.heading')} 2`, state.h2, () => chain().toggleHeading({ level: 2 }).run(), 'H2')}
      {button('h3', `${t('richText.heading')} 3`, state.h3, () => chain().toggleHeading({ level: 3 }).run(), 'H3')}
      {button('ul', t('richText.bulletList'), state.bullet, () => chain().toggleBulletList().run(), '•')}
      {button('ol', t('richText.orderedList'), state.ordered, () => chain().toggleOrderedList().run(), '1.')}
      {button('q', t('richText.blockquote'), state.quote, () => chain().toggleBlockquote().run(), '❝')}
      <span className="rich-text__sep" aria-hidden="true" />
      {button('link', t('richText.link'), state.link, () => {
        setHref((editor.getAttributes('link').href as string | undefined) ?? '');
        setLinkOpen((open) => !open);
      }, <LinkIcon width={16} height={16} />)}
      {state.link ? button('unlink', t('richText.unlink'), false, () => chain().unsetLink().run(), <UnlinkIcon width={16} height={16} />) : null}
      <span className="rich-text__sep" aria-hidden="true" />
      {button('undo', t('richText.undo'), false, () => chain().undo().run(), <UndoIcon width={16} height={16} />, !state.canUndo)}
      {button('redo', t('richText.redo'), false, () => chain().redo().run(), <RedoIcon width={16} height={16} />, !state.canRedo)}
      {linkOpen ? (
        <span className="rich-text__link">
          <input
            className="input input--small"
            type="url"
            dir="ltr"
            aria-label={t('richText.linkPrompt')}
            placeholder={t('richText.linkPrompt')}
            value={href}
            autoFocus
            onChange={(event) => setHref(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                applyLink();
              } else if (event.key === 'Escape') {
                event.preventDefault();
                event.stopPropagation();
                setLinkOpen(false);
              }
            }}
          />
          <button type="button" className="btn btn--secondary btn--small" onClick={applyLink}>
            {t('richText.apply')}
          </button>
        </span>
      ) : null}
    </div>
  );
}
