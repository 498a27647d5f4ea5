# Слова вузла й клієнтів про кімнати: назва кімнати з гри та її параметрів, назва кожного параметра.

# назва кімнати: назва гри й параметри, що відрізняються від типових
server-room-title = { $game } ({ $params })
server-room-param = { $name }: { $value }
server-param-yes = так
server-param-no = ні

param-nim-heaps = купки
param-nim-misere = мізер

param-subtraction-n = купка
param-subtraction-take = брати
param-subtraction-goal = мета
param-subtraction-rule = правило

param-stones-heaps = купки
param-stones-ops = ходи
param-stones-goal = мета
param-stones-rule = правило

param-kayles-pins = кеглі
param-kayles-start = стоять
param-kayles-misere = мізер

param-corner-piece = фігура
param-corner-width = ширина
param-corner-height = висота
param-corner-start = старт
param-corner-players = гравці
param-corner-blocked = закриті
param-corner-obstacles = перешкоди
param-corner-seed = зерно

param-pawn-size = розмір
param-pawn-payoffs = виграші

param-coins-width = ширина
param-coins-height = висота
param-coins-radius = радіус

param-mnk-m = стовпці
param-mnk-n = рядки
param-mnk-k = в ряд
param-mnk-players = гравці

param-gomoku-size = розмір
param-gomoku-rule = правило
param-gomoku-opening = дебют

param-pursuit-width = ширина
param-pursuit-height = висота
param-pursuit-pursuers = переслідувачі
param-pursuit-coalition = коаліція
param-pursuit-blocked = закриті
param-pursuit-obstacles = перешкоди
param-pursuit-seed = зерно
param-pursuit-starts = старти
param-pursuit-limit = раунди
param-pursuit-evader_sees = втікач бачить

param-minesweeper-width = ширина
param-minesweeper-height = висота
param-minesweeper-mines = міни
param-minesweeper-players = гравці
param-minesweeper-seed = зерно

# Відмови в параметрах гри: $param — ключ, як його пишуть у --set ('heaps').
# Що приймає параметр
server-allowed-int = ціле число { $lo }..{ $hi }
server-allowed-ints = список через кому, не більше { NUMBER($most) } цілих чисел { $lo }..{ $hi }
server-allowed-nums = список через кому, не більше { NUMBER($most) } чисел { $lo }..{ $hi }
server-allowed-strs = список через кому, не більше { NUMBER($most) } елементів, кожен не довший за { NUMBER($length) } символів
server-allowed-str = текст не довший за { NUMBER($length) } символів
server-allowed-cell = клітинка, наприклад c5
server-allowed-cells = не більше { NUMBER($most) } клітинок через ';', наприклад c3;d4

# Що показує карта дошки в поясненні (фрази розв'язувача map.*)
ex-map-corner = результат для гравця, що ходить, коли фігура ({ $piece }) стоїть на цій клітинці (W3: виграє не пізніше свого 3-го ходу; L2: програє не пізніше 2-го ходу суперника; L0: там гру закінчено); програшні клітинки — ті, що мають значення Ґранді 0
ex-map-corner_near = результат для гравця, що ходить, коли фігура ({ $piece }) стоїть на цій клітинці (W3: виграє не пізніше свого 3-го ходу; L2: програє не пізніше 2-го ходу суперника; L0: там гру закінчено); програшні клітинки — ті, що мають значення Ґранді 0; { NUMBER($n) } клітинок, найближчих до фігури, програшні спершу
ex-map-pawn = ціна кожної клітинки: скільки отримає звідти Max за найкращої гри
ex-map-pawn_near = ціна кожної клітинки: скільки отримає звідти Max за найкращої гри ({ NUMBER($n) } клітинок, найближчих до пішака, спершу ті, до яких він ще може дійти)
ex-map-pursuit = скільки раундів потрібно переслідувачу з { $at }, коли він ходить, щоб зловити втікача на кожній клітинці ('-': ніколи); результат — переслідувача
ex-map-cells = результат для гравця, що ходить, якщо він зіграє на цю порожню клітинку (W3: виграє не пізніше свого 3-го ходу, рахуючи цей; L2: програє не пізніше 2-го ходу суперника; D: нічия)
ex-map-mines = імовірність міни під кожною закритою клітинкою з того, що бачить гравець, який ходить

# Виклик, що прийшов під час гри: клавіша, щоб відповісти
server-challenge-f7 = F7 (лобі), щоб відповісти
