/** A page's screen: its collaborative editor (Tiptap, yjs, the Hocuspocus client) stays out of the other screens' chunk. */
export { PageScreen } from "../../features/pages/PageScreen.tsx";
