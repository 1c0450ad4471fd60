import { present } from '@return-center/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { chosenShirt, photo, reasons, shirt, stubUploads } from '../../../test/fixtures';
import { renderPlain, setUpPortalTests } from '../../../test/render';
import type { FormItem } from '../../../shared/return-form';
import { ReasonDialog } from './reason-dialog';

const api = setUpPortalTests();

function renderDialog(initial?: FormItem) {
  const onSave = vi.fn<(item: FormItem) => void>();
  const onClose = vi.fn<() => void>();
  const view = renderPlain(
    <>
      <button type="button">Page behind the dialog</button>
      <ReasonDialog line={shirt} reasons={reasons.list} initial={initial} onSave={onSave} onClose={onClose} />
    </>,
  );
  return { ...view, onSave, onClose, dialog: screen.getByRole('dialog', { name: 'Why are you returning this item?' }) };
}

const radio = (name: string) => screen.getByRole<HTMLInputElement>('radio', { name });

describe('reason dialog', () => {
  it("offers the merchant's reasons as radios and the line's refundable quantities", () => {
    const { dialog } = renderDialog();
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((r) => r.parentElement?.textContent),
    ).toEqual(['Arrived too late', 'Poor quality/faulty', 'Others (specify in notes)']);
    expect(
      within(dialog)
        .getAllByRole('radio')
        .some((r) => (r as HTMLInputElement).checked),
    ).toBe(false);
    const quantity = within(dialog).getByLabelText('Return quantity');
    expect(
      within(quantity)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['1', '2']);
  });

  it('refuses to save without a reason', async () => {
    const { user, onSave } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert').textContent).toBe('Choose a return reason');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('saves the chosen quantity, reason and description, with the line’s product and variant', async () => {
    const { user, onSave, onClose } = renderDialog();
    await user.selectOptions(screen.getByLabelText('Return quantity'), '2');
    await user.click(radio('Others (specify in notes)'));
    await user.type(screen.getByLabelText('Return description'), 'Wrong colour');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledExactlyOnceWith({
      line_item_id: 501,
      product_id: shirt.product_id,
      variant: shirt.variant,
      quantity: 2,
      reason_id: 6,
      reason_group_id: 2,
      reason_text: 'Others (specify in notes)',
      reason_description: 'Wrong colour',
      provide_proof: [],
    });
    expect(onClose).not.toHaveBeenCalled();
  });

  it('requires proof photos when the reason demands them, and saves once one is uploaded', async () => {
    stubUploads(api);
    const { user, onSave } = renderDialog();
    expect(screen.getByText('Provide proof (optional)')).toBeTruthy();
    await user.click(radio('Poor quality/faulty'));
    expect(screen.getByText('Provide proof (required)')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert').textContent).toBe('Please provide required information');
    expect(onSave).not.toHaveBeenCalled();

    await user.upload(screen.getByLabelText('Add photos'), photo('seam.png'));
    expect((await screen.findByRole<HTMLImageElement>('img', { name: 'Photo 1' })).src).toBe(
      'https://cdn.test/seam.png',
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledExactlyOnceWith(
      expect.objectContaining({ reason_id: 2, provide_proof: ['https://cdn.test/seam.png'] }),
    );
  });

  it('starts from the saved answers when reopened', () => {
    renderDialog(chosenShirt);
    expect(radio('Poor quality/faulty').checked).toBe(true);
    expect(screen.getByLabelText<HTMLSelectElement>('Return quantity').value).toBe('2');
    expect(screen.getByLabelText<HTMLTextAreaElement>('Return description').value).toBe('Seam came apart');
    expect(screen.getByRole<HTMLImageElement>('img', { name: 'Photo 1' }).src).toContain('/uploads/a.png');
  });

  it('Cancel closes without saving', async () => {
    const { user, onSave, onClose } = renderDialog();
    await user.click(radio('Arrived too late'));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('Escape closes without saving', async () => {
    const { user, onSave, onClose } = renderDialog();
    await user.click(radio('Arrived too late'));
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledOnce();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('keeps keyboard focus inside the dialog', async () => {
    const { user, dialog } = renderDialog();
    expect(dialog.contains(document.activeElement)).toBe(true);
    const seen = new Set<Element>();
    for (let i = 0; i < 12; i++) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
      seen.add(present(document.activeElement, 'The focused element'));
    }
    await user.tab({ shift: true });
    expect(dialog.contains(document.activeElement)).toBe(true);
    // The walk went round every control, Save included, without leaving.
    expect(seen.has(screen.getByRole('button', { name: 'Save' }))).toBe(true);
  });
});
