import type { FormRules } from '@/lib/form-rules';

/** The desk's fields of the table of rules (rules/forms.json, form `desk`): status, assignee, the note's text. */
export const deskRules: FormRules = { form: 'desk', audience: 'admin' };

/** The note form's values, named as the API takes them. */
export type NoteValues = { text: string };
