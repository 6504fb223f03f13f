// The page's dialogs: modal, each closed by its Close button ([data-close]) or Escape.

/** Every [data-close] button under ``root`` closes the dialog it stands in. */
export function wireCloseButtons(root = document) {
  for (const button of root.querySelectorAll("[data-close]")) {
    button.addEventListener("click", () => button.closest("dialog").close());
  }
}

/** Open ``dialog`` as a modal, unless it is open already. */
export function openDialog(dialog) {
  if (!dialog.open) dialog.showModal();
}
