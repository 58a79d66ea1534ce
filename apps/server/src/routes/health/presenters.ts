export function presentHealth() {
  return { status: "ok" };
}

export function presentReady() {
  return { status: "ready" };
}
