/**
 * A change the desk makes to an item (its status, its assignee): checked by the desk's rules,
 * sent against the version the desk read, and settled into every view of the item. When someone
 * changed the item first (409), nothing is written and the desk is told who, when, and what the
 * item says now; the views take the item as it is now.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ApiError, conflictOf, messageOr, type Conflict } from '@/lib/api-client';
import { formatDateTime } from '@/lib/dates';
import { runRules } from '@/lib/form-rules';
import { failureText, serverText } from '@/lib/messages';
import { useChangeItem } from '../api/change-item';
import { useSettleItem } from '../api/desk-cache';
import type { Kind } from '../kinds';
import { deskRules } from '../rules';
import { isEnquiryStatus, type DeskChange, type DeskRecord } from '../types';

/** What the desk is told of a change made since it read the item. */
export type ConflictView = { title: string; text: string };

/** The record a 409 carries, when it is whole enough to show (with the version it is at). */
function currentOf(conflict: Conflict): DeskRecord | undefined {
  const current = conflict.current as Partial<DeskRecord>;
  return typeof current.id === 'number' ? ({ ...current, version: conflict.version } as DeskRecord) : undefined;
}

export function useConflictText() {
  const { t } = useTranslation();
  return (conflict: Conflict): string => {
    const name = conflict.by ?? t('merge.someone');
    const at = formatDateTime(conflict.at);
    const who = at ? t('inbox.conflict.changedAt', { name, at }) : t('inbox.conflict.changed', { name });
    const current = conflict.current as Partial<DeskRecord>;
    const parts: string[] = [who];
    if (isEnquiryStatus(current.status)) {
      const assignee = typeof current.assignee === 'string' && current.assignee
        ? t('inbox.conflict.assignedTo', { name: current.assignee })
        : t('inbox.conflict.unassigned');
      parts.push(t('inbox.conflict.now', { status: t(`inbox.status.${current.status}`), assignee }));
    }
    parts.push(t('inbox.conflict.notSaved'));
    return parts.join(' ');
  };
}

export function useDeskChange<T extends DeskRecord>(kind: Kind<T>) {
  const { t, i18n } = useTranslation();
  const mutation = useChangeItem(kind);
  const settle = useSettleItem();
  const conflictText = useConflictText();
  const [conflict, setConflict] = useState<ConflictView | null>(null);

  const change = async (item: T, next: DeskChange): Promise<boolean> => {
    const { headline } = runRules(deskRules, next, i18n.language, Object.keys(next));
    if (headline) {
      toast.error(headline.toast);
      return false;
    }
    setConflict(null);
    try {
      const saved = await mutation.mutateAsync({ item, change: next });
      toast.success(serverText(saved.message, t('inbox.toast.saved')));
      void settle(kind.name, saved.item);
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        const stale = conflictOf(error);
        const view = { title: messageOr(error, t('inbox.conflict.title')), text: stale ? conflictText(stale) : t('inbox.conflict.notSaved') };
        setConflict(view);
        toast.error(view.title, { description: view.text });
        void settle(kind.name, stale ? currentOf(stale) : undefined);
      } else {
        toast.error(failureText(error, t(kind.words.updateFailed)));
      }
      return false;
    }
  };

  return {
    change,
    /** The change on its way, shown in its control until the server answers. */
    pending: mutation.isPending ? mutation.variables?.change : undefined,
    busy: mutation.isPending,
    conflict,
    dismissConflict: () => setConflict(null),
  };
}
