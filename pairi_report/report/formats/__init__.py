"""Output formats: templates rendered to Markdown, HTML and PDF, and files written safely."""
