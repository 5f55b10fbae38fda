/* MkDocs with the Material theme: a card keeps its styles in a shadow root, where the page's CSS cannot
   reach, so give each card the palette the reader picked (data-theme, which the card's styles read). A
   theme without palettes leaves the cards to the system's scheme. */
(() => {
  const follow = () => {
    const scheme = document.body.getAttribute("data-md-color-scheme");
    for (const card of document.querySelectorAll(".pairi-card")) {
      if (scheme === null) delete card.dataset.theme;
      else card.dataset.theme = scheme === "slate" ? "dark" : "light";
    }
  };
  new MutationObserver(follow).observe(document.body, { attributes: true, attributeFilter: ["data-md-color-scheme"] });
  if (window.document$) window.document$.subscribe(follow); /* Material's instant navigation */
  follow();
})();
