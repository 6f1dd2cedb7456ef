/** The form wrapper's validation toast. */
import { screen } from '@testing-library/react';
import { renderApp } from '@/testing/render-app';
import { Form } from './form';
import { TextField } from './field';

type Values = { name: string };

function NameForm() {
  return (
    <Form<Values> defaultValues={{ name: '' }} rules={{ form: 'generalContent' }} onSubmit={() => {}} toastFirstError>
      <TextField<Values> name="name" label="Name" required />
      <button type="submit">Submit</button>
    </Form>
  );
}

describe('form', () => {
  it('shows one validation toast however often an invalid form is submitted (a new one replaces the last)', async () => {
    const { user } = renderApp(<NameForm />);
    const submit = await screen.findByRole('button', { name: 'Submit' });
    for (let i = 0; i < 5; i += 1) await user.click(submit);

    // At once, before any toast's time is up.
    expect(screen.getAllByText('Please enter the name', { selector: '[data-title]' })).toHaveLength(1);
    expect(document.querySelectorAll('[data-sonner-toast]')).toHaveLength(1);
  });

  it('bounds each input by the table of rules the server checks with', async () => {
    renderApp(<NameForm />);
    // generalContent.name: at most 200 characters (rules/forms.json).
    expect(await screen.findByLabelText('Name')).toHaveAttribute('maxlength', '200');
  });
});
