"""Headless Chromium driven by Selenium, for the tests of the game's web page: Debian's chromium
and chromedriver at their fixed paths, offline (no driver manager, no updates, no sync)."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

CHROMIUM, CHROMEDRIVER = "/usr/bin/chromium", "/usr/bin/chromedriver"
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage", "--hide-scrollbars")

needs_browser = pytest.mark.skipif(not Path(CHROMEDRIVER).exists(), reason="no chromedriver (Debian's chromium-driver)")


def start_browser(width: int = 1280, height: int = 900):
    """A fresh headless Chromium with its own profile folder; stop it with `stop_browser`."""
    os.environ["SE_OFFLINE"] = "true"          # Selenium's driver manager would reach for the network
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.mkdtemp(prefix="umpire-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={profile}")
    options.add_argument(f"--window-size={width},{height}")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(options=options, service=Service(executable_path=CHROMEDRIVER))
    driver.umpire_profile = profile
    return driver


def stop_browser(driver):
    profile = driver.umpire_profile
    try:
        driver.quit()
    finally:
        shutil.rmtree(profile, ignore_errors=True)


def console_errors(driver) -> list[str]:
    """The browser console's errors since the last call (warnings and messages left out)."""
    return [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
