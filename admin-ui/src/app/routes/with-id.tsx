import type { ComponentType } from 'react';
import { useParams } from 'react-router';
import NotFound from './not-found';

/** Edit routes (`addblog/{id}`): a positive whole-number id, else Not found. */
export function withId(Form: ComponentType<{ id?: number }>) {
  return function EditRoute() {
    const { id } = useParams();
    if (id === undefined) return <Form />;
    const value = Number(id);
    if (!/^\d+$/.test(id) || value <= 0) return <NotFound />;
    return <Form key={value} id={value} />;
  };
}
