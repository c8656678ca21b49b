import "./styles.css";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { Provider } from "react-redux";
import { createBrowserRouter, RouterProvider } from "react-router-dom";
import { routes } from "./app/routes.tsx";
import { makeStore } from "./app/store.ts";
import { applyColorTokens } from "./lib/palette.ts";

// the colours shared with the charts (lib/palette.ts), as the stylesheets' custom properties
applyColorTokens();

const store = makeStore();
const router = createBrowserRouter(routes);

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");
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
