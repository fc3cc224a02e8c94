/**
 * Sizes happy-dom's window. happy-dom applies the media queries of Mantine's visibleFrom / hiddenFrom,
 * so the layout follows the width (the job's details panel is beside the conversation from 1408 px).
 */
export function setWindowWidth(width: number, height = 800) {
  ;(window as unknown as { happyDOM: { setViewport(v: { width: number; height: number }): void } }).happyDOM.setViewport({ width, height })
}
