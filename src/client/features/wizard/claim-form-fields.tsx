import { useForm, useWatch } from 'react-hook-form';
import { NAME_ERROR } from '../../../shared/schemas/auth';
import { emailFieldError, type SignupFormValues } from '../auth/auth-form';
import { SubmitButton } from '../auth/submit-button';
import { TextField } from '../auth/text-field';
import formStyles from '../auth/form.module.css';
import { isViewProposalDisabled, type ClaimMode, type ClaimState } from './claim-form';

interface ClaimFormProps {
  mode: ClaimMode;
  pending: boolean;
  defaults: ClaimState;
  onSubmit: (values: SignupFormValues) => void;
}

/** The e-mail (and, to sign up, name, phone and company) that claims the new proposal. */
export function ClaimForm({ mode, pending, defaults, onSubmit }: ClaimFormProps) {
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<SignupFormValues>({
    mode: 'all',
    defaultValues: {
      email: '',
      name: defaults.name ?? '',
      phoneNumber: defaults.phoneNumber ?? '',
      companyName: defaults.companyName ?? '',
    },
  });
  const [email, name] = useWatch({ control, name: ['email', 'name'] });
  const disabled = isViewProposalDisabled({ mode, email, name, pending });
  const signup = mode === 'signup';

  const submit = handleSubmit((values) => {
    if (!disabled) onSubmit(values);
  });

  return (
    <form
      className={formStyles.form}
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={signup ? 'Sign up to view your proposal' : 'Log in to view your proposal'}
    >
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={254}
        aria-required="true"
        error={errors.email?.message}
        {...register('email', { validate: (v) => emailFieldError(v) ?? true })}
      />
      {signup && (
        <>
          <TextField
            label="Name"
            autoComplete="name"
            maxLength={120}
            aria-required="true"
            hint="Homeowners see this name on your proposals."
            error={errors.name?.message}
            {...register('name', { validate: (v) => (v.trim() === '' ? NAME_ERROR : true) })}
          />
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
        </>
      )}
      <SubmitButton label="View Proposal" pending={pending} disabled={disabled} />
    </form>
  );
}
