"""The web server (``dogfight serve``): API, WebSockets, lobby and table pages."""
