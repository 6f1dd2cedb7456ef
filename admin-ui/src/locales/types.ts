import type { en } from './en';

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** The shape every locale must have: the English keys with any text. */
export type Translations = Widen<typeof en>;

type Join<K extends string, P extends string> = `${K}.${P}`;
type Leaves<T> = {
  [K in keyof T & string]: T[K] extends string ? K : Join<K, Leaves<T[K]>>;
}[keyof T & string];

/** Every valid translation key, such as `blogs.fields.name`. A misspelt key fails `tsc`. */
export type TKey = Leaves<typeof en>;
