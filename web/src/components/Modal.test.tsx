import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { Modal } from "./Modal.tsx";

function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && (
        <Modal title="Rename" onClose={() => setOpen(false)}>
          <input aria-label="Name" autoFocus />
        </Modal>
      )}
    </>
  );
}

describe("Modal", () => {
  it("is a modal <dialog> named by its title, keeps a field's autoFocus, and gives focus back to the opener", () => {
    render(<Opener />);
    const opener = screen.getByRole("button", { name: "Open" });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole("dialog", { name: "Rename" });
    expect(dialog.tagName).toBe("DIALOG");
    expect((dialog as HTMLDialogElement).open).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole("textbox", { name: "Name" }));
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it("Escape (the dialog's cancel event) closes it through its owner", () => {
    render(<Opener />);
    fireEvent.click(screen.getByRole("button", { name: "Open" }));
    const cancel = new Event("cancel", { cancelable: true });
    fireEvent(screen.getByRole("dialog", { name: "Rename" }), cancel);
    // the browser's own close is cancelled: the owner unmounts it
    expect(cancel.defaultPrevented).toBe(true);
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
