/**
 * The screens of the kinds the server declares with none of their own (`/content/{kind}`, its
 * `/new` and `/{id}` forms), from the kind's declaration (`GET /kinds`); any other name, ours and
 * those at legacy paths included, is Not found there. A kind at legacy paths (`LEGACY_PATHS`) has
 * the same screens at those (`legacyRoutes`).
 */
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { useGenericKinds } from '@/components/lifecycle/kinds';
import { QueryResult } from '@/components/ui/query-result';
import { LEGACY_PATHS } from '@/config/paths';
import { KindDashboard, KindForm } from '@/features/kinds';
import { findKind, useKinds, type DeclaredKind } from '@/lib/kinds';
import NotFound from './not-found';

function Declared({ name, children }: { name: string | undefined; children: (kind: DeclaredKind) => ReactNode }) {
  const query = useKinds();
  const kind = findKind(useGenericKinds(), name);
  return <QueryResult query={query}>{kind ? children(kind) : <NotFound />}</QueryResult>;
}

function List({ name }: { name: string | undefined }) {
  return <Declared name={name}>{(kind) => <KindDashboard key={kind.kind} kind={kind} />}</Declared>;
}

/** Without an id it adds; with one it edits the item (a positive whole-number id, else Not found). */
function Form({ name }: { name: string | undefined }) {
  const { id } = useParams();
  return (
    <Declared name={name}>
      {(kind) => {
        if (id === undefined) return <KindForm key={kind.kind} kind={kind} />;
        const value = Number(id);
        if (!/^\d+$/.test(id) || value <= 0) return <NotFound />;
        return <KindForm key={`${kind.kind}-${value}`} kind={kind} id={value} />;
      }}
    </Declared>
  );
}

/** The kind named in the path, unless it is served at legacy paths. */
function useNamed(): string | undefined {
  const { kind } = useParams();
  return kind !== undefined && !LEGACY_PATHS.has(kind) ? kind : undefined;
}

export function Dashboard() {
  return <List name={useNamed()} />;
}

/** `/content/{kind}/new` adds; `/content/{kind}/{id}` edits. */
export function FormRoute() {
  return <Form name={useNamed()} />;
}

/** The list and the form of `kind` at its legacy paths. */
export function legacyRoutes(kind: string) {
  return { Dashboard: () => <List name={kind} />, FormRoute: () => <Form name={kind} /> };
}
