/**
 * A sign-in's device as people name it ("Chrome on Linux", "Safari on iOS"), read from its user agent: the
 * sessions list of the security settings. A client that is not a known browser is named by its first word
 * ("curl", "node"); none at all is "Unknown device".
 */
export function describeUserAgent(ua: string | null | undefined): string {
  const s = (ua ?? "").trim();
  if (!s) return "Unknown device";
  const browser = /\bEdg(?:e|A|iOS)?\//.test(s)
    ? "Edge"
    : /\bOPR\/|\bOpera\b/.test(s)
      ? "Opera"
      : /\bFirefox\/|\bFxiOS\//.test(s)
        ? "Firefox"
        : /\b(?:Headless)?Chrom(?:e|ium)\/|\bCriOS\//.test(s)
          ? "Chrome"
          : /\bVersion\/[\d.]+.*\bSafari\//.test(s)
            ? "Safari"
            : null;
  const os = /\b(iPhone|iPad|iPod)\b/.test(s)
    ? "iOS"
    : /\bAndroid\b/.test(s)
      ? "Android"
      : /\bCrOS\b/.test(s)
        ? "ChromeOS"
        : /\bWindows\b/.test(s)
          ? "Windows"
          : /\bMac OS X\b|\bMacintosh\b/.test(s)
            ? "macOS"
            : /\bLinux\b|\bX11\b/.test(s)
              ? "Linux"
              : null;
  if (!browser) return os ? `A browser on ${os}` : (/^[\w.-]+/.exec(s)?.[0] ?? "Unknown device").replace(/\/.*$/, "");
  return os ? `${browser} on ${os}` : browser;
}
