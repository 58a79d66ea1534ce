export function presentHealth() {
  return { status: "ok" as const };
}

export function presentReady() {
  return { status: "ready" as const };
}
