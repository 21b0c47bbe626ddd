import { Button, chakra, Dialog, Portal } from '@chakra-ui/react';
import type { ActionDialogProps } from './action-dialog.tsx';

type ActionDialogWindowProps = Omit<ActionDialogProps, 'trigger'> & {
  /** The id of the button that opened it: focus goes back there when it closes. */
  triggerId: string;
};

/** The modal of an ActionDialog (action-dialog.tsx), loaded when one is first about to open. */
export function ActionDialogWindow({
  role = 'dialog',
  open,
  onOpenChange,
  triggerId,
  title,
  children,
  confirmLabel,
  confirmPalette,
  busy,
  onConfirm,
  cancellable = true,
  cancelLabel = 'Cancel',
  confirmDisabled = false,
  form,
}: ActionDialogWindowProps) {
  const bodyAndButtons = (
    <>
      <Dialog.Body>{children}</Dialog.Body>
      <Dialog.Footer>
        {cancellable ? (
          <Dialog.ActionTrigger asChild>
            <Button variant="outline">{cancelLabel}</Button>
          </Dialog.ActionTrigger>
        ) : null}
        {/* In a form, the submit button: Enter in a field presses it. */}
        <Button
          type={form ? 'submit' : 'button'}
          colorPalette={confirmPalette}
          loading={busy}
          disabled={confirmDisabled}
          onClick={form ? undefined : onConfirm}
        >
          {confirmLabel}
        </Button>
      </Dialog.Footer>
    </>
  );
  return (
    <Dialog.Root
      role={role}
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      finalFocusEl={() => document.getElementById(triggerId)}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content overflowWrap="anywhere">
            <Dialog.Header>
              <Dialog.Title overflowWrap="anywhere" minW="0">
                {title}
              </Dialog.Title>
            </Dialog.Header>
            {form ? (
              // display: contents, so the body and the buttons are laid out as in any other dialog.
              <chakra.form
                display="contents"
                aria-label={form}
                noValidate
                onSubmit={(event) => {
                  event.preventDefault();
                  if (!busy && !confirmDisabled) onConfirm();
                }}
              >
                {bodyAndButtons}
              </chakra.form>
            ) : (
              bodyAndButtons
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
