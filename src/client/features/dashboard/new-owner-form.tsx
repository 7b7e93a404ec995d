import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { emailSchema } from '../../../shared/schemas/auth';
import { CallError } from '../../ui/call-error';
import { DialogClose } from '../../ui/dialog';
import dialogStyles from '../../ui/dialog.module.css';
import { FormField } from '../../ui/form-field';
import fieldStyles from '../../ui/form-field.module.css';
import { Spinner } from '../../ui/spinner';

const formSchema = z.object({ email: emailSchema });

interface NewOwnerFormProps {
  pending: boolean;
  /** The failed reassign call, if any; its server message shows above the buttons. */
  error: unknown;
  /** Called with the e-mail, trimmed and lower-cased (docs/product/dashboard.md). */
  onSubmit: (email: string) => void;
}

/** The e-mail of the contractor who takes the proposal over, checked with the shared schema. */
export function NewOwnerForm({ pending, error, onSubmit }: NewOwnerFormProps) {
  const form = useForm<z.input<typeof formSchema>, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: { email: '' },
    // Re-checked by hand below: an empty box clears the error rather than showing it.
    reValidateMode: 'onSubmit',
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) => {
    if (!pending) onSubmit(values.email);
  });

  return (
    <form
      onSubmit={(event) => {
        if (pending) event.preventDefault();
        else void submit(event);
      }}
      noValidate
    >
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
            readOnly={pending}
          />
        )}
      </FormField>
      {!pending && (
        <CallError
          error={error}
          fallback="The proposal could not be reassigned. Please try again."
          className={dialogStyles.alert}
        />
      )}
      <div className={dialogStyles.actions}>
        <DialogClose className="btn btn-secondary" aria-disabled={pending || undefined}>
          Cancel
        </DialogClose>
        <button
          type="submit"
          className="btn btn-primary"
          aria-disabled={pending || undefined}
          aria-busy={pending || undefined}
        >
          {pending && <Spinner />}
          Create link
        </button>
      </div>
    </form>
  );
}
