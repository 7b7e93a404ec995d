import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { emailSchema } from '../../../shared/schemas/auth';
import { DialogClose } from '../../ui/dialog';
import dialogStyles from '../../ui/dialog.module.css';
import { FormField } from '../../ui/form-field';
import { useSession } from '../auth/api';
import fieldStyles from '../../ui/form-field.module.css';

const formSchema = z.object({ email: emailSchema });

/** The server's answer to the same (proposals/sharing-service.ts), said before it is asked. */
export const ALREADY_YOURS =
  'This proposal is already yours. Enter the address of another contractor.';

interface NewOwnerFormProps {
  /** What was typed before, when the contractor came back from the question to correct it. */
  defaultEmail: string;
  /** Called with the e-mail, trimmed and lower-cased (docs/product/dashboard.md). */
  onSubmit: (email: string) => void;
}

/** The e-mail of the contractor who takes the proposal over, checked with the shared schema. */
export function NewOwnerForm({ defaultEmail, onSubmit }: NewOwnerFormProps) {
  const form = useForm<z.input<typeof formSchema>, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: { email: defaultEmail },
    // Re-checked by hand below: an empty box clears the error rather than showing it.
    reValidateMode: 'onSubmit',
  });
  const { errors } = form.formState;
  const { user } = useSession();
  const submit = form.handleSubmit((values) => {
    // Said here rather than after the question: there is nobody to hand it on to.
    if (values.email === user?.email) form.setError('email', { message: ALREADY_YOURS });
    else onSubmit(values.email);
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <FormField
        label="New contractor’s e-mail"
        error={errors.email?.message}
        className={fieldStyles.spaced}
      >
        {(control) => (
          <input
            {...control}
            {...form.register('email', {
              onChange: (event: { target: HTMLInputElement }) => {
                // docs/product/dashboard.md: an empty value clears the error; once shown, it follows the typing.
                if (!form.formState.errors.email) return;
                if (event.target.value.trim() === '') form.clearErrors('email');
                else void form.trigger('email');
              },
            })}
            type="email"
            autoComplete="off"
            className={fieldStyles.input}
            autoFocus
          />
        )}
      </FormField>
      <div className={dialogStyles.actions}>
        <DialogClose className="btn btn-secondary">Cancel</DialogClose>
        <button type="submit" className="btn btn-primary">
          Continue
        </button>
      </div>
    </form>
  );
}
