"""A real server on loopback for the web tests, headless Chromium for the browser ones, and
the databases the stored games are tested on: SQLite, and PostgreSQL in a throw-away
cluster started for the session."""

from __future__ import annotations

import os
import pwd
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

uvicorn = pytest.importorskip("uvicorn")

from mahjongkit.web.app import create_app  # noqa: E402
from mahjongkit.web.store import Store  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SCREENSHOTS = Path(__file__).parent / "screenshots"


def free_port() -> int:
    """A port nobody listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Server:
    """uvicorn serving the app in a thread of the test process."""

    def __init__(self, db: str, **options: Any) -> None:
        self.store = Store(db)
        self.store.migrate()
        self.app = create_app(self.store, chosen_seeds=True, **options)
        self.port = free_port()
        config = uvicorn.Config(self.app, host="127.0.0.1", port=self.port, log_level="warning")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Server:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline:
                raise RuntimeError("the server did not start")
            time.sleep(0.02)
        return self

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(10)

    @property
    def tables(self) -> Any:
        return self.app.state.tables


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("db") / "web.db"
    s = Server(f"sqlite:///{db}").start()
    yield s
    s.stop()


POSTGRES_ENV = "MAHJONGKIT_TEST_POSTGRES"
"""A PostgreSQL server to test on instead of the throw-away cluster: a URL whose user may
create databases (each test makes its own and drops it)."""

NO_SERVER = (
    "PostgreSQL's server programs (initdb, postgres) are not installed: run `make test`, which"
    f" installs Debian's postgresql package, or set {POSTGRES_ENV} to a server's URL"
)


def postgres_bindir() -> Path | None:
    """Where PostgreSQL's server programs are: Debian's /usr/lib/postgresql/<version>/bin
    (the newest version), else ``pg_config --bindir``; ``None`` when not installed.
    Never the PATH, where a link made by hand would hide a missing package."""
    versions = Path("/usr/lib/postgresql").glob("*/bin/initdb")
    found = sorted(versions, key=lambda p: [int(n) for n in re.findall(r"\d+", p.parts[-3])])
    if found:
        return found[-1].parent
    pg_config = Path("/usr/bin/pg_config")
    if pg_config.exists():
        bindir = subprocess.run(
            [pg_config, "--bindir"], capture_output=True, text=True, check=False
        ).stdout.strip()
        if bindir and (Path(bindir) / "initdb").exists() and (Path(bindir) / "postgres").exists():
            return Path(bindir)
    return None


def admin_url(url: str) -> str:
    """A SQLAlchemy or libpq URL as psycopg connects to it.

    >>> admin_url("postgresql+psycopg://u@h/db")
    'postgresql://u@h/db'
    """
    return re.sub(r"^postgres(ql)?(\+psycopg)?://", "postgresql://", url)


def with_database(url: str, name: str) -> str:
    """The same server's URL naming another database (its query, a socket's ``host``
    say, kept).

    >>> with_database("postgresql://postgres@/postgres?host=/tmp/x", "t1")
    'postgresql://postgres@/t1?host=%2Ftmp%2Fx'
    """
    from sqlalchemy.engine import make_url

    return make_url(url).set(database=name).render_as_string(hide_password=False)


class PostgresServer:
    """A PostgreSQL server the tests make fresh databases on."""

    def __init__(self, url: str) -> None:
        import psycopg

        self.url = admin_url(url)
        self.admin = psycopg.connect(self.url, autocommit=True)

    def create_database(self) -> str:
        """A new empty database; its URL."""
        name = f"mahjongkit_test_{uuid.uuid4().hex[:12]}"
        self.admin.execute(f'create database "{name}"')
        return with_database(self.url, name)

    def drop_database(self, url: str) -> None:
        """Drop a database `create_database` made, connections still open to it or not."""
        from sqlalchemy.engine import make_url

        name = make_url(url).database
        self.admin.execute(f'drop database if exists "{name}" with (force)')

    def close(self) -> None:
        self.admin.close()


CLUSTER_PARENT = "/tmp"  # short, for the socket's path, and open to the postgres user
CLUSTER_PREFIX = "mahjongkit-pg-"


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def sweep_clusters() -> None:
    """Delete the clusters of test processes that died without deleting theirs (killed):
    each cluster's folder names its test process, and a dead one's server is gone too."""
    for folder in Path(CLUSTER_PARENT).glob(f"{CLUSTER_PREFIX}*-*"):
        owner = folder.name.removeprefix(CLUSTER_PREFIX).split("-")[0]
        if not owner.isdigit() or alive(int(owner)):
            continue
        try:
            server = (folder / "data" / "postmaster.pid").read_text().split("\n")[0]
        except OSError:
            server = ""
        if not (server.isdigit() and alive(int(server))):
            shutil.rmtree(folder, ignore_errors=True)


class Cluster:
    """A throw-away PostgreSQL cluster: ``initdb`` in a temporary directory, ``postgres``
    listening on a unix socket there only (no TCP port to collide with), fsync off.

    As root it runs as the ``postgres`` user (PostgreSQL refuses root; Debian's package
    makes the user), through ``setpriv``, which also gives it a parent-death signal: if
    the test process dies without stopping it (SIGKILL), the server shuts down at once."""

    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        sweep_clusters()
        prefix = f"{CLUSTER_PREFIX}{os.getpid()}-"
        self.directory = Path(tempfile.mkdtemp(prefix=prefix, dir=CLUSTER_PARENT))
        self.data = self.directory / "data"
        self.log = self.directory / "server.log"
        self.as_user: list[str] = []
        if os.geteuid() == 0:
            try:
                owner = pwd.getpwnam("postgres")
            except KeyError:
                self.remove()
                pytest.fail(f"no `postgres` user to run PostgreSQL as (not root). {NO_SERVER}")
            os.chown(self.directory, owner.pw_uid, owner.pw_gid)
            self.as_user = [
                f"--reuid={owner.pw_uid}",
                f"--regid={owner.pw_gid}",
                "--clear-groups",
            ]
        self.process: subprocess.Popen[bytes] | None = None

    def run(self, program: str, *args: str) -> list[str]:
        """The command line running one of the server's programs as the cluster's user."""
        setpriv = ["setpriv", *self.as_user, "--pdeathsig=SIGQUIT", "--"]
        if not self.as_user and not shutil.which("setpriv"):
            setpriv = []
        return [*setpriv, str(self.bindir / program), *args]

    def environment(self) -> dict[str, str]:
        return {k: v for k, v in os.environ.items() if not k.startswith("PG")} | {"LC_ALL": "C"}

    def start(self) -> str:
        """Make the cluster and start its server; the URL of its ``postgres`` database."""
        made = subprocess.run(
            self.run(
                "initdb",
                "--pgdata",
                str(self.data),
                "--username=postgres",
                "--auth=trust",
                "--encoding=UTF8",
                "--locale=C",
                "--no-sync",
                "--no-instructions",
            ),
            cwd=self.directory,
            env=self.environment(),
            capture_output=True,
            text=True,
            check=False,
        )
        if made.returncode:
            raise RuntimeError(f"initdb failed: {made.stdout}{made.stderr}")
        with self.log.open("wb") as log:
            self.process = subprocess.Popen(
                self.run(
                    "postgres",
                    "-D",
                    str(self.data),
                    "-k",
                    str(self.directory),
                    "-c",
                    "listen_addresses=",
                    "-c",
                    "fsync=off",
                    "-c",
                    "synchronous_commit=off",
                    "-c",
                    "full_page_writes=off",
                ),
                cwd=self.directory,
                env=self.environment(),
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # a Ctrl-C reaches pytest, whose teardown stops it
            )
        url = f"postgresql://postgres@/postgres?host={self.directory}"
        self.wait_ready(url)
        return url

    def wait_ready(self, url: str) -> None:
        import psycopg

        deadline = time.monotonic() + 60
        while True:
            try:
                psycopg.connect(url, connect_timeout=2).close()
                return
            except psycopg.OperationalError:
                assert self.process is not None
                if self.process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(
                        f"the PostgreSQL server did not start: {self.log.read_text()}"
                    ) from None
                time.sleep(0.05)

    def stop(self) -> None:
        """Shut the server down (fast: open connections are ended) and delete the cluster."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
        self.remove()

    def remove(self) -> None:
        shutil.rmtree(self.directory, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresServer]:
    """The PostgreSQL server of the session: ``$MAHJONGKIT_TEST_POSTGRES`` if set, else a
    throw-away cluster started now and deleted at the end. Without PostgreSQL's server
    programs the tests that need it fail and say how to install them."""
    try:
        import psycopg  # noqa: F401
    except ImportError:
        pytest.fail("psycopg is not installed: run `make test` (the dev extra brings `postgres`)")
    external = os.environ.get(POSTGRES_ENV)
    if external:
        server = PostgresServer(external)
        yield server
        server.close()
        return
    bindir = postgres_bindir()
    if bindir is None:
        pytest.fail(NO_SERVER)
    cluster = Cluster(bindir)
    try:
        server = PostgresServer(cluster.start())
        try:
            yield server
        finally:
            server.close()
    finally:
        cluster.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh empty database's URL, each test run once on SQLite and once on PostgreSQL."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'games.db'}"
        return
    server: PostgresServer = request.getfixturevalue("postgres")
    url = server.create_database()
    yield url
    server.drop_database(url)


@pytest.fixture
def stored_server(db_url: str) -> Iterator[Server]:
    """A server of its own on a fresh database, once on SQLite and once on PostgreSQL."""
    s = Server(db_url).start()
    yield s
    s.stop()
    s.store.engine.dispose()


@pytest.fixture(scope="module")
def unlimited_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server whose rate and table limits a fuzzing client cannot reach (the size
    limits stay the defaults)."""
    from mahjongkit.web.limits import Limits

    limits = Limits(
        tables_per_client=10**6,
        open_tables=10**6,
        messages_per_second=10**6,
        message_burst=10**6,
        spectators_per_table=10**6,
    )
    db = tmp_path_factory.mktemp("db") / "fuzz.db"
    s = Server(f"sqlite:///{db}", limits=limits).start()
    yield s
    s.stop()


@pytest.fixture
def make_server(tmp_path: Path) -> Iterator[Callable[..., Server]]:
    """Start servers with `create_app` options (``limits=...``); stopped after the test."""
    made: list[Server] = []

    def make(**options: Any) -> Server:
        server = Server(f"sqlite:///{tmp_path / f'web{len(made)}.db'}", **options).start()
        made.append(server)
        return server

    yield make
    for server in made:
        server.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists() and not shutil.which("chromium"):
        pytest.skip("Debian's chromium is not installed (make test installs it)")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield b
        b.close()


@pytest.fixture
def screenshots() -> Path:
    SCREENSHOTS.mkdir(exist_ok=True)
    return SCREENSHOTS
