import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { EMAIL_ERROR } from '../../../shared/schemas/auth';
import { isSigninDisabled, signinFormSchema, type SigninFormValues } from './auth-form';
import { SubmitButton } from './submit-button';
import { EmailField } from './text-field';
import styles from './form.module.css';

interface SigninFormProps {
  pending: boolean;
  onSubmit: (values: SigninFormValues) => void;
}

export function SigninForm({ pending, onSubmit }: SigninFormProps) {
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useForm<z.input<typeof signinFormSchema>, unknown, SigninFormValues>({
    resolver: zodResolver(signinFormSchema),
    mode: 'all',
    defaultValues: { email: '' },
  });
  const email = useWatch({ control, name: 'email' });

  const submit = handleSubmit((values) => {
    // An empty field shows no error while typing, but there is nothing to send yet.
    if (values.email.trim() === '') {
      setError('email', { type: 'required', message: EMAIL_ERROR }, { shouldFocus: true });
      return;
    }
    onSubmit(values);
  });

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Log in">
      <EmailField error={errors.email?.message} {...register('email')} />
      <SubmitButton
        label="Log In"
        pending={pending}
        disabled={isSigninDisabled({ email, pending })}
      />
    </form>
  );
}
