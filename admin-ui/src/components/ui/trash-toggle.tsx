/** A list or its trash (what was deleted in the last 30 days), as two pressed buttons. */
export function TrashToggle({
  deleted,
  onChange,
  words,
}: {
  deleted: boolean;
  onChange: (deleted: boolean) => void;
  /** The group's name, the list's, the trash's. */
  words: { label: string; list: string; trash: string };
}) {
  return (
    <div className="segmented" role="group" aria-label={words.label}>
      <button type="button" className="segmented__option" aria-pressed={!deleted} onClick={() => onChange(false)}>
        {words.list}
      </button>
      <button type="button" className="segmented__option" aria-pressed={deleted} onClick={() => onChange(true)}>
        {words.trash}
      </button>
    </div>
  );
}
