/* MkDocs with the Material theme: a card keeps its styles in a shadow root, where the page's CSS cannot
   reach, so give each card the palette the reader picked (data-theme, which the card's styles read). */
(() => {
  const follow = () => {
    const dark = document.body.getAttribute("data-md-color-scheme") === "slate";
    for (const card of document.querySelectorAll(".pairi-card")) card.dataset.theme = dark ? "dark" : "light";
  };
  new MutationObserver(follow).observe(document.body, { attributes: true, attributeFilter: ["data-md-color-scheme"] });
  if (window.document$) window.document$.subscribe(follow); /* Material's instant navigation */
  follow();
})();
