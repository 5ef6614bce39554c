import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Mail } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { BusyButton } from './busy-button';
import { IconInput, NumberInput, Select, Textarea, TextInput } from './controls';
import { Field } from './field';

describe('Field', () => {
  it('labels its control and reads the hint with it', () => {
    render(
      <Field formId="f" name="qty" label="Main quantity" hint="Units in stock">
        <NumberInput />
      </Field>,
    );
    const input = screen.getByLabelText('Main quantity');
    expect(input).toHaveAttribute('type', 'number');
    expect(input).toHaveAccessibleDescription('Units in stock');
    expect(input).toBeValid();
  });

  it('announces the error, marks the control invalid and describes it by hint and error', () => {
    render(
      <Field formId="f" name="email" label="Email address" hint="Your work email" error="Email is required">
        <IconInput icon={Mail} type="email" />
      </Field>,
    );
    const input = screen.getByLabelText('Email address');
    expect(screen.getByRole('alert')).toHaveTextContent('Email is required');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Your work email Email is required');
  });

  it('gives each field of each form its own ids, so two forms on a page never mix up labels', () => {
    render(
      <>
        <Field formId="login" name="email" label="Login email">
          <TextInput />
        </Field>
        <Field formId="register" name="email" label="Register email" error="Taken">
          <TextInput />
        </Field>
      </>,
    );
    expect(screen.getByLabelText('Login email')).toHaveAttribute('id', 'login-email');
    expect(screen.getByLabelText('Login email')).not.toHaveAccessibleDescription('Taken');
    expect(screen.getByLabelText('Register email')).toHaveAccessibleDescription('Taken');
  });

  it('wires every control kind and adds descriptions the form renders itself', () => {
    render(
      <>
        <Field formId="p" name="category" label="Category">
          <Select placeholder="Select a category" defaultValue="">
            <option value="Tools">Tools</option>
          </Select>
        </Field>
        <Field formId="p" name="description" label="Description" describedBy="p-rules">
          <Textarea />
        </Field>
        <p id="p-rules">At most 5000 characters</p>
        <Field formId="p" name="price" label="Price" error="Price must be greater than 0">
          <NumberInput prefix="$" step={0.01} />
        </Field>
      </>,
    );
    expect(screen.getByLabelText('Category')).toHaveDisplayValue('Select a category');
    expect(screen.getByLabelText('Description')).toHaveAccessibleDescription('At most 5000 characters');
    expect(screen.getByLabelText('Price')).toHaveAttribute('inputmode', 'decimal');
    expect(screen.getByLabelText('Price')).toBeInvalid();
  });
});

function HookForm() {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ defaultValues: { name: '' } });
  return (
    <form onSubmit={handleSubmit(() => {})} noValidate>
      <Field formId="hook" name="name" label="Full Name" error={errors.name?.message}>
        <TextInput {...register('name', { required: 'Full name is required' })} />
      </Field>
      <button type="submit">Save</button>
    </form>
  );
}

function StateForm() {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setError(value ? undefined : 'Please enter your phone number');
      }}
    >
      <Field formId="state" name="phone" label="Phone" error={error}>
        <TextInput value={value} onChange={(event) => setValue(event.target.value)} />
      </Field>
      <button type="submit">Save</button>
    </form>
  );
}

describe('forms on the kit', () => {
  it('react-hook-form: the rule message appears under its field and focus goes to it', async () => {
    render(<HookForm />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Full name is required');
    expect(screen.getByLabelText('Full Name')).toHaveFocus();
    expect(screen.getByLabelText('Full Name')).toHaveAccessibleDescription('Full name is required');
  });

  it('plain state: the error follows the state', async () => {
    render(<StateForm />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your phone number');
    await user.type(screen.getByLabelText('Phone'), '555');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Phone')).toBeValid();
  });
});

describe('BusyButton', () => {
  it('is enabled with its text when idle', () => {
    render(<BusyButton busy={false}>Create Account</BusyButton>);
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeEnabled();
  });

  it('is disabled while busy and is named by its busy text, not by the spinner', () => {
    render(
      <BusyButton busy busyLabel="Creating Account...">
        Create Account
      </BusyButton>,
    );
    const button = screen.getByRole('button', { name: 'Creating Account...' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
  });

  it('keeps its name while busy without a busy text, and can be disabled without spinning', () => {
    render(
      <>
        <BusyButton busy>Sign in</BusyButton>
        <BusyButton busy={false} disabled icon={<svg aria-hidden="true" />}>
          Sign in with Google
        </BusyButton>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeDisabled();
    const other = screen.getByRole('button', { name: 'Sign in with Google' });
    expect(other).toBeDisabled();
    expect(other).not.toHaveAttribute('aria-busy');
  });

  it('can stay focusable while busy, so a keyboard user keeps their place', () => {
    render(
      <BusyButton busy disableWhileBusy={false}>
        Buy Now
      </BusyButton>,
    );
    const button = screen.getByRole('button', { name: 'Buy Now' });
    expect(button).toBeEnabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
  });
});
