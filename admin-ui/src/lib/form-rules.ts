/**
 * Form rules: an ordered list, run in order; each field keeps its first failure, and the first
 * failure overall is the headline (some rules show one text inline and another as a toast).
 */
export type Rule<V> = {
  field: keyof V & string;
  /** Passes when it returns true. */
  test: (values: V) => boolean;
  message: string;
  /** The toast's text when this rule is the headline, if it differs from `message`. */
  toast?: string;
};

export type RuleFailure = { field: string; message: string; toast: string };

export type RuleResult = {
  /** First failure of each field, in rule order. */
  failures: RuleFailure[];
  headline: RuleFailure | null;
};

export function runRules<V>(rules: Rule<V>[], values: V): RuleResult {
  const failures: RuleFailure[] = [];
  for (const rule of rules) {
    if (failures.some((failure) => failure.field === rule.field)) continue;
    if (!rule.test(values)) {
      failures.push({ field: rule.field, message: rule.message, toast: rule.toast ?? rule.message });
    }
  }
  return { failures, headline: failures[0] ?? null };
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : value == null ? '' : String(value).trim());

export function isFilled(value: unknown): boolean {
  return text(value) !== '';
}

/** A whole number in the API's display-order range. */
export function isDisplayOrder(value: unknown): boolean {
  const raw = text(value);
  if (!/^[-+]?\d+$/.test(raw)) return false;
  const n = Number(raw);
  return n >= -1_000_000 && n <= 1_000_000;
}

export const rules = {
  required<V>(field: keyof V & string, message: string, toast?: string): Rule<V> {
    return { field, message, toast, test: (values) => isFilled(values[field]) };
  },
  /** Only checked once filled: the required rule speaks first. */
  wholeNumber<V>(field: keyof V & string, message: string): Rule<V> {
    return { field, message, test: (values) => !isFilled(values[field]) || isDisplayOrder(values[field]) };
  },
  /** A new file or an existing address. */
  media<V>(urlField: keyof V & string, fileField: keyof V & string, message: string): Rule<V> {
    return { field: urlField, message, test: (values) => values[fileField] instanceof File || isFilled(values[urlField]) };
  },
};
