"""Rendering: newsletters as text and PDF."""
