import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { EditorGroup } from '../../../shared/domain/plan-editor';
import type { PlanStore } from '../plan-editor/plan-store';
import type { WizardValues } from './wizard-values';

export interface WizardSnapshot {
  values: WizardValues;
  groups: EditorGroup[];
}

const DEBOUNCE_MS = 400;

/**
 * Hands the whole form and plan to `onSnapshot` a moment after the user stops typing, and at
 * once when the page is hidden or the wizard goes away (the create draft of docs/product/proposals-editor.md).
 */
export function useSnapshot(
  form: UseFormReturn<WizardValues>,
  plan: PlanStore,
  onSnapshot: ((snapshot: WizardSnapshot) => void) | undefined,
) {
  const callback = useRef(onSnapshot);
  const timer = useRef<number | undefined>(undefined);

  useLayoutEffect(() => {
    callback.current = onSnapshot;
  }, [onSnapshot]);

  const flush = useCallback(() => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
    callback.current?.({ values: form.getValues(), groups: plan.getState().groups });
  }, [form, plan]);

  const schedule = useCallback(() => {
    if (!callback.current) return;
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(flush, DEBOUNCE_MS);
  }, [flush]);

  useEffect(
    () => form.subscribe({ formState: { values: true }, callback: schedule }),
    [form, schedule],
  );

  // The store tells only of changes: the plan as the wizard opened is not worth a save.
  useEffect(() => plan.subscribe(schedule), [plan, schedule]);

  useEffect(() => {
    const onHide = () => {
      if (timer.current !== undefined) flush();
    };
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
      onHide();
    };
  }, [flush]);
}
