"""skyforge: a command-line companion for Skytear Horde, Onward and Skybound: Arena."""

__version__ = "0.1.0"
