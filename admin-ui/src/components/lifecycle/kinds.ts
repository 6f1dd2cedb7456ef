/**
 * Kinds as the screens that span them name them (the schedule, the audit log, the media
 * library's usage, failed publish jobs, the menu): ours in their own words, any other as the
 * server declares it (`GET /kinds`), so a kind added there is named everywhere without a table
 * here.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { findKind, kindOne, useKinds, type DeclaredKind } from '@/lib/kinds';
import { isOwnKind, KIND_OF_RESOURCE, type KindName } from './api';

/** The declared kinds with no screens of their own: those the generic screens serve. */
export function useGenericKinds(): DeclaredKind[] {
  const { data } = useKinds();
  return useMemo(() => (data ?? []).filter((kind) => !isOwnKind(kind.kind)), [data]);
}

/** What one item of a kind is called ("Blog", "Destination"); a kind nobody declares keeps its name. */
export function useKindName(): (kind: KindName) => string {
  const { t, i18n } = useTranslation();
  const { data } = useKinds();
  return (kind) => {
    if (isOwnKind(kind)) return t(`lifecycle.kinds.${kind}`);
    const declared = findKind(data, kind);
    return declared ? kindOne(declared, i18n.language) : kind;
  };
}

/** The resource a declared kind's audit lines and publish jobs carry: the server's word, else its kind in snake case. */
const resourceOf = (kind: DeclaredKind) => kind.resource ?? kind.kind.replace(/-/g, '_');

/** The kind an audit line or a publish job names by its resource (`review`, `destination`), if it is content. */
export function kindOfResource(resource: string, kinds: readonly DeclaredKind[] | undefined): KindName | undefined {
  return KIND_OF_RESOURCE[resource] ?? kinds?.find((kind) => resourceOf(kind) === resource || kind.kind === resource)?.kind;
}

export function useKindOfResource(): (resource: string) => KindName | undefined {
  const { data } = useKinds();
  return (resource) => kindOfResource(resource, data);
}
