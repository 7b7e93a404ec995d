import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { isSignupDisabled, signupFormSchema, type SignupFormValues } from './auth-form';
import { LogoField } from './logo-field';
import { SubmitButton } from './submit-button';
import { EmailField, TextField } from './text-field';
import styles from './form.module.css';

interface SignupFormProps {
  pending: boolean;
  onSubmit: (values: SignupFormValues, logo: File | null) => void;
}

export function SignupForm({ pending, onSubmit }: SignupFormProps) {
  const [logo, setLogo] = useState<File | null>(null);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<z.input<typeof signupFormSchema>, unknown, SignupFormValues>({
    resolver: zodResolver(signupFormSchema),
    mode: 'all',
    defaultValues: { email: '', name: '', phoneNumber: '', companyName: '' },
  });
  const [email, name] = useWatch({ control, name: ['email', 'name'] });
  const disabled = isSignupDisabled({ email, name, pending });

  const submit = handleSubmit((values) => {
    if (!disabled) onSubmit(values, logo);
  });

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Sign up">
      <EmailField error={errors.email?.message} {...register('email')} />
      <TextField
        label="Name"
        autoComplete="name"
        maxLength={120}
        aria-required="true"
        hint="Homeowners see this name on your proposals."
        error={errors.name?.message}
        {...register('name')}
      />
      <div className={styles.row}>
        <TextField
          label="Phone number"
          type="tel"
          autoComplete="tel"
          maxLength={40}
          optional
          error={errors.phoneNumber?.message}
          {...register('phoneNumber')}
        />
        <TextField
          label="Company name"
          autoComplete="organization"
          maxLength={160}
          optional
          error={errors.companyName?.message}
          {...register('companyName')}
        />
      </div>
      <LogoField onChange={setLogo} />
      <SubmitButton label="Sign Up" pending={pending} disabled={disabled} />
    </form>
  );
}
