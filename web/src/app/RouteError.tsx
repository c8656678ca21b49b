import { isRouteErrorResponse, Link, useRouteError } from "react-router-dom";

/**
 * What a page shows when it fails to render or its code cannot be loaded (an old tab after a new release):
 * a plain explanation and a way on, instead of the router's developer screen.
 */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="narrow card" role="alert">
      <h1>{notFound ? "Page not found" : "Something went wrong"}</h1>
      <p>
        {notFound
          ? "This address does not lead anywhere."
          : "This page could not be shown. Reloading usually fixes it; your saved data is safe."}
      </p>
      <p>
        <button type="button" onClick={() => window.location.reload()}>
          Reload
        </button>{" "}
        <Link to="/">Back to the start</Link>
      </p>
    </main>
  );
}
