import { useRouteError } from 'react-router';
import { ErrorFallback } from '@/components/errors/error-fallback';

export function RouteError() {
  return <ErrorFallback error={useRouteError()} />;
}
