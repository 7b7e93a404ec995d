import {
  useCallback,
  useEffect,
  useImperativeHandle,
  useState,
  type ReactNode,
  type Ref,
} from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { CurrencyProvider } from '../../ui/currency-context';
import {
  createPlanReducer,
  emptyPlanState,
  firstInvalidCost,
  invalidCostMessage,
  type EditorGroup,
} from '../../../shared/domain/plan-editor';
import type { CostGroup, ProposalInput } from '../../../shared/schemas/proposal';
import { showCostField } from '../plan-editor/show-cost-field';
import { createPlanStore, PlanStoreContext } from '../plan-editor/plan-store';
import { UploadActivityContext, useUploadActivityCounter } from '../uploads/upload-activity';
import { BigPictureStep } from './big-picture-step';
import { ContractStep } from './contract-step';
import { CoverStep } from './cover-step';
import { PlanStep } from './plan-step';
import { ShoppingStep } from './shopping-step';
import { useSnapshot, type WizardSnapshot } from './use-snapshot';
import { SAVE_BUTTON_ID } from './steps';
import { WelcomeStep } from './welcome-step';
import { WizardBottomBar } from './wizard-bottom-bar';
import { WizardIntro } from './wizard-intro';
import { WizardTopBar } from './wizard-top-bar';
import { toProposalInput, type WizardValues } from './wizard-values';
import styles from './wizard.module.css';

let keyCount = 0;
/** Keys of new groups and rows: unique in this tab and against keys of a restored draft. */
const newKey = () =>
  typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `k-${Date.now().toString(36)}-${(++keyCount).toString(36)}`;
const planReducer = createPlanReducer(newKey);

export interface WizardFormProps {
  mode: 'create' | 'edit';
  initialValues: WizardValues;
  initialGroups: EditorGroup[];
  restored?: boolean;
  saving: boolean;
  progress: string;
  error: string | null;
  errorAction?: ReactNode;
  /** Create only: false while the draft is not being saved on this device (decision 0074). */
  draftKept?: boolean;
  onSave: (input: ProposalInput, values: WizardValues) => void;
  onDiscard: () => void;
  onSnapshot?: (snapshot: WizardSnapshot) => void;
  /** What the form holds now, for a save or a copy asked for outside it (a dialog). */
  handle?: Ref<WizardHandle>;
}

export interface WizardHandle {
  currentInput: () => ProposalInput;
  /**
   * The form as a save would send it, checked as the save button checks it: null when a check
   * fails, which is then shown at its field as for the save button.
   */
  checkedInput: () => ProposalInput | null;
  /** Whether the form or the plan differs from what the wizard opened with. */
  hasChanges: () => boolean;
  /**
   * Puts the saved items `ids` back into the plan as `saved` has them (decision 0086); returns
   * their rows' keys, in the plan's order.
   */
  putBack: (saved: readonly CostGroup[], ids: readonly string[]) => string[];
}

/** The one-page wizard of docs/product/proposals-editor.md: intro, six steps, and the sticky save bar. */
export function WizardForm(props: WizardFormProps) {
  const { mode, initialValues, initialGroups, onSnapshot } = props;
  const form = useForm<WizardValues>({ defaultValues: initialValues });
  // The plan lives in a store the plan step's rows read slices of: a keystroke in one row does
  // not render the wizard (decision 0035).
  const [plan] = useState(() =>
    createPlanStore(
      planReducer,
      planReducer(emptyPlanState, { type: 'reset', groups: initialGroups }),
    ),
  );
  const { inFlight, activity } = useUploadActivityCounter();
  // The plan's and the shopping list's amounts follow the currency picked on the cover step.
  const currency = useWatch({ control: form.control, name: 'currency' });
  useSnapshot(form, plan, onSnapshot);

  // A cost that does not compute is refused by the server: said before sending, at the field.
  const [costError, setCostError] = useState<string | null>(null);
  useEffect(
    () =>
      plan.subscribe(() => {
        // Said of the item still wrong, or gone once none is; a message only after a save.
        setCostError((shown) => {
          if (shown === null) return null;
          const invalid = firstInvalidCost(plan.getState());
          return invalid ? invalidCostMessage(invalid.name) : null;
        });
      }),
    [plan],
  );
  /** The checks before sending; false, with the first failure shown at its field, to stop. */
  const check = useCallback(() => {
    const invalid = firstInvalidCost(plan.getState());
    if (invalid) {
      setCostError(invalidCostMessage(invalid.name));
      showCostField(invalid.itemKey);
      return false;
    }
    setCostError(null);
    return true;
  }, [plan]);
  const save = () => {
    if (!check()) return;
    const values = form.getValues();
    props.onSave(toProposalInput(values, plan.getState()), values);
  };
  // What a save would send were nothing changed; compared only when someone asks (leaving).
  const [opened] = useState(() => JSON.stringify(toProposalInput(initialValues, plan.getState())));
  useImperativeHandle(
    props.handle,
    () => ({
      currentInput: () => toProposalInput(form.getValues(), plan.getState()),
      checkedInput: () => (check() ? toProposalInput(form.getValues(), plan.getState()) : null),
      hasChanges: () =>
        JSON.stringify(toProposalInput(form.getValues(), plan.getState())) !== opened,
      putBack: (saved, ids) => {
        plan.dispatch({ type: 'putBack', saved, ids });
        const wanted = new Set(ids);
        return plan
          .getState()
          .groups.flatMap((group) => group.items)
          .filter((item) => item.id !== undefined && wanted.has(item.id))
          .map((item) => item.key);
      },
    }),
    [form, plan, opened, check],
  );

  return (
    <UploadActivityContext.Provider value={activity}>
      <FormProvider {...form}>
        <div className={styles.page}>
          <a
            href={`#${SAVE_BUTTON_ID}`}
            className={styles.skipToSave}
            onClick={(event) => {
              // Focus moves by hand: a #hash would count as a navigation for the router.
              event.preventDefault();
              document.getElementById(SAVE_BUTTON_ID)?.focus();
            }}
          >
            Skip to {mode === 'create' ? 'Create Proposal' : 'Update Proposal'}
          </a>
          <WizardTopBar mode={mode} />
          <div className={styles.content}>
            <WizardIntro mode={mode} restored={props.restored ?? false} />
            <CoverStep />
            <WelcomeStep />
            <BigPictureStep />
            <CurrencyProvider currency={currency}>
              <PlanStoreContext.Provider value={plan}>
                <PlanStep />
                <ShoppingStep />
              </PlanStoreContext.Provider>
            </CurrencyProvider>
            <ContractStep />
          </div>
          <WizardBottomBar
            mode={mode}
            saving={props.saving}
            progress={props.progress}
            error={costError ?? props.error}
            errorAction={costError ? undefined : props.errorAction}
            draftKept={props.draftKept ?? true}
            uploadsInFlight={inFlight}
            onSave={save}
            onDiscard={props.onDiscard}
          />
        </div>
      </FormProvider>
    </UploadActivityContext.Provider>
  );
}
