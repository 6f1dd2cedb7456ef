/**
 * The screens of the kinds the server declares with none of their own (`/content/{kind}`, its
 * `/new` and `/{id}` forms), from the kind's declaration (`GET /kinds`); any other name, ours
 * included, is Not found.
 */
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { useGenericKinds } from '@/components/lifecycle/kinds';
import { QueryResult } from '@/components/ui/query-result';
import { KindDashboard, KindForm } from '@/features/kinds';
import { findKind, useKinds, type DeclaredKind } from '@/lib/kinds';
import NotFound from './not-found';

function Declared({ children }: { children: (kind: DeclaredKind) => ReactNode }) {
  const { kind: name } = useParams();
  const query = useKinds();
  const kind = findKind(useGenericKinds(), name);
  return <QueryResult query={query}>{kind ? children(kind) : <NotFound />}</QueryResult>;
}

export function Dashboard() {
  return <Declared>{(kind) => <KindDashboard key={kind.kind} kind={kind} />}</Declared>;
}

/** `/content/{kind}/new` adds; `/content/{kind}/{id}` edits an item (a positive whole-number id, else Not found). */
export function FormRoute() {
  const { id } = useParams();
  return (
    <Declared>
      {(kind) => {
        if (id === undefined) return <KindForm key={kind.kind} kind={kind} />;
        const value = Number(id);
        if (!/^\d+$/.test(id) || value <= 0) return <NotFound />;
        return <KindForm key={`${kind.kind}-${value}`} kind={kind} id={value} />;
      }}
    </Declared>
  );
}
