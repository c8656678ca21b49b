import "./styles.css";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { Provider } from "react-redux";
import { createBrowserRouter, RouterProvider } from "react-router-dom";
import { keepPrerendered } from "./app/prerendered.tsx";
import { routes } from "./app/routes.tsx";
import { makeStore } from "./app/store.ts";
import { applyColorTokens } from "./lib/palette.ts";

/**
 * The start comes in steps, each its own task with the browser let in between: one task for all of it held
 * a phone's main thread for a few hundred milliseconds while the page was already on screen (Lighthouse's
 * total blocking time).
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// the colours shared with the charts (lib/palette.ts), as the stylesheets' custom properties
applyColorTokens();
await nextTask();
const store = makeStore();
await nextTask();
const router = createBrowserRouter(routes);
await nextTask();

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");
keepPrerendered(root);
// The first render as a transition: React renders in slices of a few milliseconds and lets the browser in
// between (a phone stays responsive while the page builds) instead of one long task.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <Provider store={store}>
        <RouterProvider router={router} />
      </Provider>
    </StrictMode>,
  );
});
