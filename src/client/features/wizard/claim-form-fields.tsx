import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { NAME_ERROR } from '../../../shared/schemas/auth';
import { emailFieldError, type SignupFormValues } from '../auth/auth-form';
import { SubmitButton } from '../auth/submit-button';
import { EmailField, TextField } from '../auth/text-field';
import formStyles from '../auth/form.module.css';
import { isViewProposalDisabled, type ClaimMode, type ClaimState } from './claim-form';

interface ClaimFormProps {
  mode: ClaimMode;
  /** A homeowner or designer names the contractor who will own the proposal (decision 0010). */
  forContractor?: boolean;
  pending: boolean;
  defaults: ClaimState;
  onSubmit: (values: SignupFormValues) => void;
  /** Told of every edit, without rendering the form again. */
  onEdit?: (values: Partial<SignupFormValues>) => void;
}

/** The e-mail (and, to sign up, name, phone and company) that claims the new proposal. */
export function ClaimForm({
  mode,
  forContractor,
  pending,
  defaults,
  onSubmit,
  onEdit,
}: ClaimFormProps) {
  const {
    register,
    handleSubmit,
    control,
    subscribe,
    formState: { errors },
  } = useForm<SignupFormValues>({
    mode: 'all',
    defaultValues: {
      email: defaults.email ?? '',
      name: defaults.name ?? '',
      phoneNumber: defaults.phoneNumber ?? '',
      companyName: defaults.companyName ?? '',
    },
  });
  const [email, name] = useWatch({ control, name: ['email', 'name'] });
  useEffect(() => {
    if (!onEdit) return;
    return subscribe({ formState: { values: true }, callback: ({ values }) => onEdit(values) });
  }, [subscribe, onEdit]);
  const disabled = isViewProposalDisabled({ mode, email, name, pending });
  const signup = mode === 'signup';
  const whose = forContractor ? "Contractor's " : '';

  const submit = handleSubmit((values) => {
    if (!disabled) onSubmit(values);
  });

  return (
    <form
      className={formStyles.form}
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={
        forContractor
          ? 'Send the proposal to a contractor'
          : signup
            ? 'Sign up to view your proposal'
            : 'Log in to view your proposal'
      }
    >
      <EmailField
        label={forContractor ? "Contractor's email" : 'Email'}
        autoComplete={forContractor ? 'off' : 'email'}
        error={errors.email?.message}
        {...register('email', { validate: (v) => emailFieldError(v) ?? true })}
      />
      {signup && (
        <>
          <TextField
            label={`${whose}${forContractor ? 'name' : 'Name'}`}
            autoComplete={forContractor ? 'off' : 'name'}
            maxLength={120}
            aria-required="true"
            hint={
              forContractor
                ? 'Used for their new account if they do not have one yet.'
                : 'Homeowners see this name on your proposals.'
            }
            error={errors.name?.message}
            {...register('name', { validate: (v) => (v.trim() === '' ? NAME_ERROR : true) })}
          />
          {!forContractor && (
            <div className={formStyles.row}>
              <TextField
                label="Phone number"
                type="tel"
                autoComplete="tel"
                maxLength={40}
                optional
                {...register('phoneNumber')}
              />
              <TextField
                label="Company name"
                autoComplete="organization"
                maxLength={160}
                optional
                {...register('companyName')}
              />
            </div>
          )}
        </>
      )}
      <SubmitButton
        label={forContractor ? 'Send Proposal' : 'View Proposal'}
        pending={pending}
        disabled={disabled}
      />
    </form>
  );
}
