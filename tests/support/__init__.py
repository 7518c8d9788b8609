"""What the tests share: matches played through the services, sockets, servers."""
