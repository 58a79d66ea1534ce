/** The id of the page's main landmark, the target of the skip link. */
export const MAIN_ID = "main-content";

/**
 * "Skip to main content": the first stop of the keyboard on a page with navigation before its content. Hidden until
 * it has the focus; following it moves the focus into the main landmark (which carries `MAIN_ID` and tabIndex -1).
 */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_ID}`}
      onClick={(e) => {
        // the router owns the URL's hash: move the focus without navigating
        e.preventDefault();
        const main = document.getElementById(MAIN_ID);
        main?.focus();
        main?.scrollIntoView({ block: "start" });
      }}
      className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-accent-solid focus:px-3 focus:py-2 focus:text-sm focus:font-medium focus:text-on-accent focus:shadow-lg"
    >
      Skip to main content
    </a>
  );
}
