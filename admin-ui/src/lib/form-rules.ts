/**
 * The admin's forms run the server's own rules: the one table of rules and messages
 * (`rules/forms.json`, read by the API too) through its browser half (`rules/validate.ts`), in
 * the admin's language. Each field keeps its first failure and the first overall is the headline
 * (some rules show one text inline and another as a toast).
 */
import { createContext } from 'react';
import { checkForm, forms, type Audience, type FormName, type Lang } from '../../../rules/validate';

/** Which form of the table a screen fills in, and for whom. */
export type FormRules = { form: FormName; audience?: Audience };

/** The rules of the form being filled in, for its fields' bounds (`maxLength`). */
export const FormRulesContext = createContext<FormRules | undefined>(undefined);

/**
 * The admin's rules of the form named `form`, if the table has it: a name that came from the server
 * (a kind's `form`) is checked here, not trusted to be one of the table's.
 */
export function rulesOf(form: string): FormRules | undefined {
  return isFormName(form) ? { form, audience: 'admin' } : undefined;
}

const isFormName = (name: string): name is FormName => Object.hasOwn(forms, name);

/** The file input that stands in for the address `field` (a new upload), if the table names one. */
export function fileFieldOf(rules: FormRules | undefined, field: string): string | undefined {
  return rules ? forms[rules.form].fields.find((f) => f.name === field)?.file : undefined;
}

/**
 * Whether the form words a toast of its own for a failure (general content's "Please select the
 * value" beside "Please enter the value"): its first failure is then a toast too.
 */
export function hasOwnToasts(rules: FormRules | undefined): boolean {
  return rules ? forms[rules.form].fields.some((f) => f.toast !== undefined) : false;
}

/** The most characters the table lets `field` of the form hold, if it says. */
export function maxLengthOf(rules: FormRules | undefined, field: string): number | undefined {
  return rules ? forms[rules.form].fields.find((f) => f.name === field)?.max : undefined;
}

export type RuleFailure = { field: string; message: string; toast: string };

export type RuleResult = {
  /** First failure of each field, in the table's order. */
  failures: RuleFailure[];
  headline: RuleFailure | null;
};

/**
 * The rules of `rules` over `values`, in `lang`; no rules: nothing fails. `only` names the fields
 * to check when a write sends some of the form's fields (the desk changes a status alone).
 */
export function runRules(rules: FormRules | undefined, values: object, lang: string, only?: readonly string[]): RuleResult {
  if (!rules) return { failures: [], headline: null };
  const language: Lang = lang === 'ar' ? 'ar' : 'en';
  const { failures } = checkForm(rules.form, values as Record<string, unknown>, rules.audience ?? 'admin', only);
  const local = failures.map((failure) => ({
    field: failure.field,
    message: failure.message[language],
    toast: failure.toast[language],
  }));
  return { failures: local, headline: local[0] ?? null };
}
