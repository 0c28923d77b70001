"""A tiny Botzone program for the tests, standard library only: it throws each tile it
draws and passes otherwise (always legal), in simple mode or, with ``--keep-running``,
kept running. ``--fault KIND`` makes it fail on purpose at its own first draw (or, for
``pass``, at the first request where only PASS is taken, after the deal):

- ``illegal``: answers ``PENG W1`` to its own draw (a wrong answer);
- ``pass``: answers ``PLAY W1`` where only ``PASS`` is taken;
- ``crash``: exits with status 3, printing nothing;
- ``timeout``: sleeps past any limit;
- ``garbage``: prints text that is no JSON;
- ``false-win``: answers ``HU`` to its own draw;
- ``hu-on-play``: answers ``HU`` to the first discard it is told of.
"""

import json
import sys
import time

KEEP = ">>>BOTZONE_REQUEST_KEEP_RUNNING<<<"


def answer(request, count, fault):
    words = request.split()
    if words[0] == "2":
        if fault == "illegal":
            return "PENG W1"
        if fault == "false-win":
            return "HU"
        if fault == "crash":
            sys.exit(3)
        if fault == "timeout":
            time.sleep(60)
        if fault == "garbage":
            sys.stdout.write("hello, judge\n")
            sys.stdout.flush()
            sys.exit(0)
        return "PLAY " + words[1]
    if fault == "hu-on-play" and words[0] == "3" and words[2] == "PLAY":
        return "HU"
    if fault == "pass" and count > 2 and words[0] == "3" and words[2] == "DRAW":
        return "PLAY W1"
    return "PASS"


def main():
    keep = "--keep-running" in sys.argv
    fault = sys.argv[sys.argv.index("--fault") + 1] if "--fault" in sys.argv else ""
    requests = []
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        value = json.loads(line)
        if isinstance(value, dict):
            requests = list(value["requests"])
        else:
            requests.append(value)
        reply = {"response": answer(requests[-1], len(requests), fault), "data": len(requests)}
        print(json.dumps(reply))
        if not keep:
            return
        print(KEEP)
        sys.stdout.flush()


if __name__ == "__main__":
    main()
