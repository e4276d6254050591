"""What a finger and the keyboard meet on a page: every control a target of at least 24 x 24 CSS
px (WCAG 2.5.8), the cards a student taps at least 44 px, measured as the page is drawn."""

from __future__ import annotations

TAPPED_CARDS = [
    ".mc-lama-hand button.mc-hand-card",  # LAMA: your hand
    ".mc-unikat-rack .mc-unikat-pick",  # Unikat: your rack
    ".mc-unikat-display .mc-unikat-pick",  # Unikat: the display you swap from
]

# A link inside a sentence is exempt (2.5.8's inline exception): it is as tall as the line it
# sits in. A control that is disabled, or not drawn, is no target.
SMALL_TARGETS = """([tapped]) => {
  const problems = [];
  const controls = ['button', 'input:not([type=hidden])', 'select', 'textarea', 'a[href]',
    '[role=slider]', '[tabindex]:not([tabindex="-1"])'];
  const measured = (control, least) => {
    const box = control.getBoundingClientRect();
    if (!box.width || !box.height || control.disabled) return;
    if (getComputedStyle(control).visibility === 'hidden') return;
    if (box.width >= least - 0.5 && box.height >= least - 0.5) return;
    const label = control.labels && control.labels[0] ? control.labels[0].innerText : '';
    const name = (control.getAttribute('aria-label') || label || control.innerText
      || control.title || control.value || control.className || control.tagName)
      .toString().trim().slice(0, 30);
    problems.push(`"${name}" (${control.tagName.toLowerCase()}) is ` +
      `${Math.round(box.width)} x ${Math.round(box.height)} px, less than ${least} px`);
  };
  const inline = link => link.tagName === 'A' && link.closest('p, li, td, th');
  for (const control of document.querySelectorAll(
      controls.map(css => `#rendered_cells ${css}`).join(', '))) {
    if (!inline(control)) measured(control, 24);
  }
  for (const card of document.querySelectorAll(tapped.join(', '))) measured(card, 44);
  return problems;
}"""


def small_targets(page) -> list[str]:
    """Every control on the page smaller than a target may be, one line each (an empty list:
    none)."""
    return page.evaluate(SMALL_TARGETS, [TAPPED_CARDS])
